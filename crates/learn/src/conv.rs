//! The network's convolutions as matrix products, with activations kept
//! channel-major: a tensor of shape `(channels, batch * rows * cols)`.
//!
//! Candle's own 3x3 convolution builds its column matrix element by
//! element; on these boards (at most a few hundred cells, 8 to 64
//! channels) that took about 85% of an evaluation, eight times the matrix
//! product itself (callgrind, docs/learning.md "Inference"). Here the
//! column matrix is made of whole shifted rows (a copy a row), and the
//! product is still candle's. Channel-major activations make each layer's
//! product land in the layout the next layer reads, so nothing is
//! transposed between layers.

use candle_core::{Device, Result, Tensor};
use candle_nn::Conv2d;

/// The sizes the activations stand for: `batch` boards of `rows x cols`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid {
    pub batch: usize,
    pub rows: usize,
    pub cols: usize,
}

impl Grid {
    /// Cells over the whole batch: the activations' second dimension.
    pub fn points(&self) -> usize {
        self.batch * self.rows * self.cols
    }
}

/// A 3x3 convolution with padding 1 and a bias: `(c_out, 9 c_in)` weights
/// times the column matrix of the input. (The bias folded into the product
/// as a last column against a row of ones was 4% faster at batch 1 and up
/// to 40% slower at batch 64: a product of 145 rows takes a slower path.)
pub(crate) struct Conv3x3 {
    weight: Tensor,
    bias: Tensor,
    inputs: usize,
}

impl Conv3x3 {
    /// The same convolution as `conv` (3x3 kernels, padding 1, a bias).
    pub fn new(conv: &Conv2d) -> Result<Conv3x3> {
        let (weight, bias, inputs) = as_matrix(conv, 3)?;
        Ok(Conv3x3 { weight, bias, inputs })
    }

    /// `x` is `(c_in, grid.points())`, channel-major; the result is
    /// `(c_out, grid.points())`.
    pub fn forward(&self, x: &Tensor, grid: Grid) -> Result<Tensor> {
        let values = x.flatten_all()?.to_vec1::<f32>()?;
        let n = grid.points();
        if values.len() != self.inputs * n {
            candle_core::bail!(
                "{} input values for {} channels of {n} points",
                values.len(),
                self.inputs
            );
        }
        let columns = column_matrix(&values, self.inputs, grid);
        let columns = Tensor::from_vec(columns, (self.inputs * 9, n), &Device::Cpu)?;
        self.weight.matmul(&columns)?.broadcast_add(&self.bias)
    }
}

/// The column matrix of a 3x3 convolution with padding 1: row
/// `(c * 3 + dy) * 3 + dx` holds channel `c` shifted by `(dy - 1, dx - 1)`,
/// zero where that falls off the board (the order of a kernel's
/// `(c_in, 3, 3)` weights).
fn column_matrix(values: &[f32], channels: usize, grid: Grid) -> Vec<f32> {
    let Grid { batch, rows, cols } = grid;
    let n = grid.points();
    let mut out = vec![0.0f32; channels * 9 * n];
    for c in 0..channels {
        for dy in 0..3 {
            for dx in 0..3 {
                let row = &mut out[((c * 3 + dy) * 3 + dx) * n..][..n];
                for b in 0..batch {
                    for y in 0..rows {
                        let Some(from) = (y + dy).checked_sub(1).filter(|&f| f < rows) else {
                            continue;
                        };
                        let src = &values[((c * batch + b) * rows + from) * cols..][..cols];
                        let dst = &mut row[(b * rows + y) * cols..][..cols];
                        match dx {
                            0 => dst[1..].copy_from_slice(&src[..cols - 1]),
                            1 => dst.copy_from_slice(src),
                            _ => dst[..cols - 1].copy_from_slice(&src[1..]),
                        }
                    }
                }
            }
        }
    }
    out
}

/// A 1x1 convolution with a bias: a `(c_out, c_in)` matrix product.
pub(crate) struct Conv1x1 {
    weight: Tensor,
    bias: Tensor,
}

impl Conv1x1 {
    /// The same convolution as `conv` (1x1 kernels, a bias).
    pub fn new(conv: &Conv2d) -> Result<Conv1x1> {
        let (weight, bias, _) = as_matrix(conv, 1)?;
        Ok(Conv1x1 { weight, bias })
    }

    /// `x` is `(c_in, points)`; the result is `(c_out, points)`.
    pub fn forward(&self, x: &Tensor) -> Result<Tensor> {
        self.weight.matmul(x)?.broadcast_add(&self.bias)
    }
}

/// The weights of `conv`, whose kernels must be `size x size`, as a
/// `(c_out, c_in * size * size)` matrix, its bias as a column (zeros
/// without one), and `c_in`.
fn as_matrix(conv: &Conv2d, size: usize) -> Result<(Tensor, Tensor, usize)> {
    let (outputs, inputs, kh, kw) = conv.weight().dims4()?;
    if (kh, kw) != (size, size) {
        candle_core::bail!("a {size}x{size} convolution has {kh}x{kw} kernels");
    }
    let bias = match conv.bias() {
        Some(bias) => bias.reshape((outputs, 1))?,
        None => Tensor::zeros((outputs, 1), candle_core::DType::F32, &Device::Cpu)?,
    };
    Ok((
        conv.weight().reshape((outputs, inputs * size * size))?,
        bias,
        inputs,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{DType, Module};
    use candle_nn::Conv2dConfig;

    /// Candle's own convolutions and these give the same outputs, at
    /// batch 1 and 3 and on a board of one column.
    #[test]
    fn convolutions_match_candle() {
        for (batch, rows, cols) in [(1, 5, 4), (3, 2, 6), (2, 3, 1)] {
            let (inputs, outputs) = (3, 4);
            let device = Device::Cpu;
            let weight = Tensor::randn(0f32, 1.0, (outputs, inputs, 3, 3), &device).unwrap();
            let bias = Tensor::randn(0f32, 1.0, outputs, &device).unwrap();
            let x = Tensor::randn(0f32, 1.0, (batch, inputs, rows, cols), &device).unwrap();
            let same = Conv2dConfig {
                padding: 1,
                ..Default::default()
            };
            let conv = Conv2d::new(weight, Some(bias), same);
            let expected = conv.forward(&x).unwrap();
            let grid = Grid { batch, rows, cols };
            let channel_major = x
                .transpose(0, 1)
                .unwrap()
                .contiguous()
                .unwrap()
                .reshape((inputs, grid.points()))
                .unwrap();
            // Channel-major results back to (batch, channels, rows, cols),
            // then the largest difference from candle's.
            let difference = |got: Tensor, expected: &Tensor| -> f32 {
                let got = got
                    .reshape((outputs, batch, rows, cols))
                    .unwrap()
                    .transpose(0, 1)
                    .unwrap();
                let diff = (got - expected).unwrap().abs().unwrap().max_all().unwrap();
                diff.to_scalar::<f32>().unwrap()
            };
            let got = Conv3x3::new(&conv)
                .unwrap()
                .forward(&channel_major, grid)
                .unwrap();
            assert!(difference(got, &expected) < 1e-4, "3x3 at {batch}x{rows}x{cols}");

            let weight = Tensor::randn(0f32, 1.0, (outputs, inputs, 1, 1), &device).unwrap();
            let point = Conv2d::new(weight, None, Conv2dConfig::default());
            let expected = point.forward(&x).unwrap();
            let got = Conv1x1::new(&point).unwrap().forward(&channel_major).unwrap();
            assert!(difference(got, &expected) < 1e-4, "1x1 at {batch}x{rows}x{cols}");
            assert_eq!(expected.dtype(), DType::F32);
        }
    }

    /// A kernel of the wrong size is refused, not misread.
    #[test]
    fn wrong_kernel_sizes_are_refused() {
        let device = Device::Cpu;
        let three = Conv2d::new(
            Tensor::zeros((2, 2, 3, 3), DType::F32, &device).unwrap(),
            None,
            Conv2dConfig::default(),
        );
        let one = Conv2d::new(
            Tensor::zeros((2, 2, 1, 1), DType::F32, &device).unwrap(),
            None,
            Conv2dConfig::default(),
        );
        assert!(Conv1x1::new(&three).is_err());
        assert!(Conv3x3::new(&one).is_err());
    }
}
