//! The residual network on the CPU ([`Network`]), read from a safetensors
//! file the trainer writes, and the evaluator over it ([`NetEvaluator`]).
//!
//! The file holds the weights under the names below (batch normalisation
//! already folded into the convolutions by the exporter) and, in its
//! metadata, `format` = [`FORMAT`], `game` (the game spec it was trained
//! on) and the sizes `planes`, `rows`, `cols`, `actions`, `channels`,
//! `blocks`, `value_hidden`:
//!
//! - `stem.{weight,bias}`: 3x3 convolution, planes to channels, then ReLU;
//! - `blocks.{i}.conv1`, `blocks.{i}.conv2`: the residual blocks (3x3,
//!   ReLU between, the input added before the last ReLU);
//! - `policy_conv` (1x1 to 2 planes, ReLU) and `policy_fc` (to the action
//!   logits);
//! - `value_conv` (1x1 to 1 plane, ReLU), `value_fc1` (ReLU) and
//!   `value_fc2`, then `tanh`: the value for the side to move.
//!
//! A network whose metadata gives `cell_planes` or `board_planes` (not
//! both 0) has a convolutional policy head instead, whose size does not
//! grow with the action count (Epaminondas has 17,640 ids): `policy_conv`
//! (1x1, channels to channels, ReLU), then `policy_out` (1x1 to
//! `cell_planes + board_planes` planes). Its logits are, cell by cell
//! (row by row), the cell's first `cell_planes` planes (id `cell *
//! cell_planes + plane`), then each further plane whole, cell by cell;
//! `cells * (cell_planes + board_planes)` must be `actions`.

use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::path::Path;

use abstracta_core::actions::Encoding;
use abstracta_core::{Game, GameOptions};
use candle_core::{DType, Device, Module, Tensor};
use candle_nn::{Conv2dConfig, Linear, VarBuilder};
use thiserror::Error;

use crate::conv::{Conv1x1, Conv3x3, Grid};
use crate::evaluator::{Evaluation, Evaluator, EvaluatorError, Request};

/// The `format` a network file's metadata names.
pub const FORMAT: &str = "abstracta-resnet-1";
/// The largest network file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 512 << 20;
/// The largest safetensors header read, in bytes.
const MAX_HEADER_BYTES: u64 = 16 << 20;
/// The largest size any dimension of the metadata may give.
const MAX_DIMENSION: usize = 1 << 20;

/// Why a network file cannot be used.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum NetworkError {
    /// The file cannot be read.
    #[error("cannot read network {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a network this crate reads.
    #[error("{path} is not an abstracta network: {reason}; expected a safetensors file written by the trainer (python/train)")]
    Format {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

/// The sizes of a network, from its file's metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkShape {
    /// The game spec it was trained on.
    pub game: String,
    /// Input planes.
    pub planes: usize,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Action ids (the policy head's width).
    pub actions: usize,
    /// Channels of the trunk.
    pub channels: usize,
    /// Residual blocks.
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// Planes of a convolutional policy head read cell by cell (0: the
    /// linear head, unless `board_planes` is not 0).
    pub cell_planes: usize,
    /// Planes of a convolutional policy head read whole, after the
    /// `cell_planes`.
    pub board_planes: usize,
}

impl NetworkShape {
    /// Whether the policy head is convolutional.
    pub fn conv_policy(&self) -> bool {
        self.cell_planes + self.board_planes > 0
    }
}

/// The policy head: a linear layer over two planes, or a convolution
/// giving planes of logits.
enum PolicyHead {
    Linear { conv: Conv1x1, fc: Linear },
    Conv { conv: Conv1x1, out: Conv1x1 },
}

struct Block {
    conv1: Conv3x3,
    conv2: Conv3x3,
}

/// A residual network with a policy and a value head, on the CPU.
pub struct Network {
    shape: NetworkShape,
    stem: Conv3x3,
    blocks: Vec<Block>,
    policy: PolicyHead,
    value_conv: Conv1x1,
    value_fc1: Linear,
    value_fc2: Linear,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network").field("shape", &self.shape).finish()
    }
}

/// The metadata of a safetensors file: its header's `__metadata__` map.
fn read_metadata(path: &Path, display: &str) -> Result<HashMap<String, String>, NetworkError> {
    let io = |source| NetworkError::Io {
        path: display.to_owned(),
        source,
    };
    let format = |reason: String| NetworkError::Format {
        path: display.to_owned(),
        reason,
    };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size > MAX_FILE_BYTES {
        return Err(format(format!(
            "{size} bytes, more than the {MAX_FILE_BYTES} accepted"
        )));
    }
    let mut len = [0u8; 8];
    file.read_exact(&mut len)
        .map_err(|_| format("shorter than a safetensors header".into()))?;
    let len = u64::from_le_bytes(len);
    if len > MAX_HEADER_BYTES || len + 8 > size {
        return Err(format(format!("a header of {len} bytes in a file of {size}")));
    }
    let mut header = vec![0u8; len as usize];
    file.read_exact(&mut header).map_err(io)?;
    let header: serde_json::Value =
        serde_json::from_slice(&header).map_err(|e| format(format!("the header is not JSON ({e})")))?;
    let metadata = header
        .get("__metadata__")
        .and_then(|m| m.as_object())
        .ok_or_else(|| format("no __metadata__ in the header".into()))?;
    Ok(metadata
        .iter()
        .filter_map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_owned())))
        .collect())
}

impl Network {
    /// Reads the network in the safetensors file `path`.
    pub fn load(path: impl AsRef<Path>) -> Result<Network, NetworkError> {
        let path = path.as_ref();
        let display = path.display().to_string();
        let format = |reason: String| NetworkError::Format {
            path: display.clone(),
            reason,
        };
        let metadata = read_metadata(path, &display)?;
        if metadata.get("format").map(String::as_str) != Some(FORMAT) {
            return Err(format(format!("its metadata names no format {FORMAT}")));
        }
        let size = |key: &str| -> Result<usize, NetworkError> {
            metadata
                .get(key)
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|&n| (1..=MAX_DIMENSION).contains(&n))
                .ok_or_else(|| {
                    format(format!(
                        "metadata `{key}` is not a size from 1 to {MAX_DIMENSION}"
                    ))
                })
        };
        let optional_size = |key: &str| -> Result<usize, NetworkError> {
            match metadata.get(key) {
                None => Ok(0),
                Some(v) => v
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n <= MAX_DIMENSION)
                    .ok_or_else(|| {
                        format(format!(
                            "metadata `{key}` is not a size from 0 to {MAX_DIMENSION}"
                        ))
                    }),
            }
        };
        let shape = NetworkShape {
            game: metadata.get("game").cloned().unwrap_or_default(),
            planes: size("planes")?,
            rows: size("rows")?,
            cols: size("cols")?,
            actions: size("actions")?,
            channels: size("channels")?,
            blocks: metadata
                .get("blocks")
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|&n| n <= 256)
                .ok_or_else(|| format("metadata `blocks` is not a count from 0 to 256".into()))?,
            value_hidden: size("value_hidden")?,
            cell_planes: optional_size("cell_planes")?,
            board_planes: optional_size("board_planes")?,
        };
        let cells = shape.rows * shape.cols;
        if shape.conv_policy() && cells * (shape.cell_planes + shape.board_planes) != shape.actions {
            return Err(format(format!(
                "a policy head of {} + {} planes over {cells} cells does not give its {} actions",
                shape.cell_planes, shape.board_planes, shape.actions
            )));
        }
        let tensors =
            candle_core::safetensors::load(path, &Device::Cpu).map_err(|e| format(e.to_string()))?;
        Network::from_tensors(shape, tensors).map_err(|e| format(e.to_string()))
    }

    /// The network of `shape` with the weights `tensors` (named as in the
    /// [module docs](self)).
    pub fn from_tensors(
        shape: NetworkShape,
        tensors: HashMap<String, Tensor>,
    ) -> candle_core::Result<Network> {
        let vb = VarBuilder::from_tensors(tensors, DType::F32, &Device::Cpu);
        let same = Conv2dConfig {
            padding: 1,
            ..Default::default()
        };
        let conv = |i, o, k, cfg, name: &str| candle_nn::conv2d(i, o, k, cfg, vb.pp(name));
        let conv3 = |i, o, name: &str| Conv3x3::new(&conv(i, o, 3, same, name)?);
        let conv1 = |i, o, name: &str| Conv1x1::new(&conv(i, o, 1, Conv2dConfig::default(), name)?);
        let c = shape.channels;
        let cells = shape.rows * shape.cols;
        Ok(Network {
            stem: conv3(shape.planes, c, "stem")?,
            blocks: (0..shape.blocks)
                .map(|i| {
                    Ok(Block {
                        conv1: conv3(c, c, &format!("blocks.{i}.conv1"))?,
                        conv2: conv3(c, c, &format!("blocks.{i}.conv2"))?,
                    })
                })
                .collect::<candle_core::Result<_>>()?,
            policy: if shape.conv_policy() {
                PolicyHead::Conv {
                    conv: conv1(c, c, "policy_conv")?,
                    out: conv1(c, shape.cell_planes + shape.board_planes, "policy_out")?,
                }
            } else {
                PolicyHead::Linear {
                    conv: conv1(c, 2, "policy_conv")?,
                    fc: candle_nn::linear(2 * cells, shape.actions, vb.pp("policy_fc"))?,
                }
            },
            value_conv: conv1(c, 1, "value_conv")?,
            value_fc1: candle_nn::linear(cells, shape.value_hidden, vb.pp("value_fc1"))?,
            value_fc2: candle_nn::linear(shape.value_hidden, 1, vb.pp("value_fc2"))?,
            shape,
        })
    }

    /// The network's sizes.
    pub fn shape(&self) -> &NetworkShape {
        &self.shape
    }

    /// Runs `batch` observations (`batch * planes * rows * cols` values,
    /// one after the other): the action logits (`batch * actions`) and the
    /// values (`batch`, in `[-1, 1]`).
    pub fn forward(&self, input: &[f32], batch: usize) -> candle_core::Result<(Vec<f32>, Vec<f32>)> {
        let s = &self.shape;
        let cells = s.rows * s.cols;
        let grid = Grid {
            batch,
            rows: s.rows,
            cols: s.cols,
        };
        // Channel-major from here on: (channels, batch * cells).
        let x = Tensor::from_slice(input, (batch, s.planes, cells), &Device::Cpu)?
            .transpose(0, 1)?
            .contiguous()?
            .reshape((s.planes, grid.points()))?;
        let mut h = self.stem.forward(&x, grid)?.relu()?;
        for block in &self.blocks {
            let y = block
                .conv2
                .forward(&block.conv1.forward(&h, grid)?.relu()?, grid)?;
            h = (y + h)?.relu()?;
        }
        // A head's planes, (planes, batch, cells), as each board's logits
        // plane after plane.
        let by_board = |planes: Tensor, count: usize| -> candle_core::Result<Tensor> {
            planes
                .reshape((count, batch, cells))?
                .transpose(0, 1)?
                .contiguous()?
                .reshape((batch, count * cells))
        };
        let logits = match &self.policy {
            PolicyHead::Linear { conv, fc } => fc.forward(&by_board(conv.forward(&h)?.relu()?, 2)?)?,
            PolicyHead::Conv { conv, out } => {
                let planes = out.forward(&conv.forward(&h)?.relu()?)?;
                let mut parts = Vec::with_capacity(2);
                if s.cell_planes > 0 {
                    // Cell by cell, each cell's planes together.
                    parts.push(
                        planes
                            .narrow(0, 0, s.cell_planes)?
                            .reshape((s.cell_planes, batch, cells))?
                            .permute((1, 2, 0))?
                            .contiguous()?
                            .reshape((batch, cells * s.cell_planes))?,
                    );
                }
                if s.board_planes > 0 {
                    parts.push(by_board(
                        planes.narrow(0, s.cell_planes, s.board_planes)?,
                        s.board_planes,
                    )?);
                }
                Tensor::cat(&parts, 1)?
            }
        };
        // One plane: (1, batch * cells) is already (batch, cells).
        let v = self.value_conv.forward(&h)?.relu()?.reshape((batch, cells))?;
        let v = self
            .value_fc2
            .forward(&self.value_fc1.forward(&v)?.relu()?)?
            .tanh()?;
        Ok((logits.flatten_all()?.to_vec1()?, v.flatten_all()?.to_vec1()?))
    }
}

/// A network as an [`Evaluator`]: observes each position with the game's
/// [`Encoding`], runs the batch, and turns the logits of the legal plies'
/// action ids into a softmax policy.
pub struct NetEvaluator<G: Game> {
    network: Network,
    encoding: &'static dyn Encoding<G>,
    name: String,
}

impl<G: Game> fmt::Debug for NetEvaluator<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NetEvaluator").field("name", &self.name).finish()
    }
}

impl<G: Game> NetEvaluator<G> {
    /// The evaluator of `network` for the game whose encoding is
    /// `encoding`; `name` names it in logs (its file).
    pub fn new(
        network: Network,
        encoding: &'static dyn Encoding<G>,
        name: impl Into<String>,
    ) -> NetEvaluator<G> {
        NetEvaluator {
            network,
            encoding,
            name: name.into(),
        }
    }

    /// Reads the network in `path`.
    pub fn load(path: &str, encoding: &'static dyn Encoding<G>) -> Result<NetEvaluator<G>, NetworkError> {
        Ok(NetEvaluator::new(Network::load(path)?, encoding, path))
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.network
    }
}

impl<G: Game> Evaluator<G> for NetEvaluator<G> {
    fn evaluate(&self, requests: &[Request<'_, G>], out: &mut Vec<Evaluation>) -> Result<(), EvaluatorError> {
        out.clear();
        let Some(first) = requests.first() else {
            return Ok(());
        };
        self.check(first.game)?;
        let s = self.network.shape();
        let per = s.planes * s.rows * s.cols;
        let mut input = Vec::with_capacity(per * requests.len());
        let mut one = Vec::with_capacity(per);
        for r in requests {
            self.encoding.observe(r.game, &mut one);
            if one.len() != per {
                return Err(EvaluatorError::Mismatch {
                    expected: format!("{per} observation values"),
                    found: one.len().to_string(),
                });
            }
            input.extend_from_slice(&one);
        }
        let (logits, values) = self
            .network
            .forward(&input, requests.len())
            .map_err(|e| EvaluatorError::Inference(e.to_string()))?;
        for (i, r) in requests.iter().enumerate() {
            let row = &logits[i * s.actions..(i + 1) * s.actions];
            let legal: Vec<f32> = r
                .plies
                .iter()
                .map(|&ply| {
                    self.encoding
                        .action_of(r.game, ply)
                        .and_then(|a| row.get(a).copied())
                        .unwrap_or(f32::NEG_INFINITY)
                })
                .collect();
            out.push(Evaluation {
                policy: softmax(&legal),
                value: values[i],
            });
        }
        Ok(())
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    /// The game's observation shape and action count must be the
    /// network's.
    fn check(&self, game: &G) -> Result<(), EvaluatorError> {
        let s = self.network.shape();
        let shape = self.encoding.observation_shape(game);
        let actions = self.encoding.num_distinct_actions(game);
        if shape != [s.planes, s.rows, s.cols] || actions != s.actions {
            return Err(EvaluatorError::Mismatch {
                expected: format!(
                    "{}x{}x{} observations and {} actions (it was trained on {})",
                    s.planes, s.rows, s.cols, s.actions, s.game
                ),
                found: format!(
                    "{}x{}x{} and {actions} ({})",
                    shape[0],
                    shape[1],
                    shape[2],
                    game.options().spec()
                ),
            });
        }
        Ok(())
    }
}

/// The softmax of `logits` (uniform if none is finite).
pub fn softmax(logits: &[f32]) -> Vec<f32> {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if !max.is_finite() {
        return vec![1.0 / logits.len().max(1) as f32; logits.len()];
    }
    let exps: Vec<f32> = logits.iter().map(|&l| (l - max).exp()).collect();
    let total: f32 = exps.iter().sum();
    exps.iter().map(|e| e / total).collect()
}
