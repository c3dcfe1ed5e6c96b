//! The network exported by the trainer (python/train, `abstracta_train.fixture`)
//! gives in Rust the outputs PyTorch gave for the same inputs.

#![cfg(feature = "net")]

use std::sync::Arc;

use abstracta_core::actions::TicTacToeEncoding;
use abstracta_core::search::Search;
use abstracta_core::toy::TicTacToe;
use abstracta_core::{Game, PlyBuf};
use learn::net::{NetEvaluator, Network, NetworkError};
use learn::npz::{read_npz, Array};
use learn::{Evaluator, PuctSearch, Request};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

fn floats(array: &Array) -> &[f32] {
    match array {
        Array::F32 { data, .. } => data,
        other => panic!("expected f32, found {other:?}"),
    }
}

#[test]
fn rust_and_pytorch_agree_on_the_same_inputs() {
    let network = Network::load(format!("{DIR}/tiny.safetensors")).unwrap();
    assert_eq!(network.shape().game, "tictactoe");
    assert!(!network.shape().conv_policy());
    agrees_with_pytorch(&network, "tiny");
}

#[test]
fn a_convolutional_policy_head_agrees_with_pytorch() {
    let network = Network::load(format!("{DIR}/tiny_conv_policy.safetensors")).unwrap();
    let shape = network.shape();
    assert_eq!((shape.cell_planes, shape.board_planes, shape.actions), (2, 1, 18));
    agrees_with_pytorch(&network, "tiny_conv_policy");
}

/// The network's outputs on the inputs of `NAME_io.npz` are PyTorch's.
fn agrees_with_pytorch(network: &Network, name: &str) {
    let io = read_npz(std::fs::File::open(format!("{DIR}/{name}_io.npz")).unwrap()).unwrap();
    let obs = floats(&io["obs"]);
    let batch = io["obs"].shape()[0];
    let (logits, values) = network.forward(obs, batch).unwrap();
    let expected_logits = floats(&io["logits"]);
    let expected_values = floats(&io["value"]);
    assert_eq!(
        (logits.len(), values.len()),
        (expected_logits.len(), expected_values.len())
    );
    for (a, b) in logits
        .iter()
        .zip(expected_logits)
        .chain(values.iter().zip(expected_values))
    {
        assert!((a - b).abs() < 1e-4, "{a} vs {b}");
    }
    // One at a time gives what the batch gave.
    let per = obs.len() / batch;
    let actions = logits.len() / batch;
    let (one, _) = network.forward(&obs[..per], 1).unwrap();
    assert_eq!(one.len(), actions);
    assert!(one
        .iter()
        .zip(&logits[..actions])
        .all(|(a, b)| (a - b).abs() < 1e-5));
}

#[test]
fn the_network_evaluates_and_searches_tictactoe() {
    let evaluator =
        NetEvaluator::<TicTacToe>::load(&format!("{DIR}/tiny.safetensors"), &TicTacToeEncoding).unwrap();
    let game = TicTacToe::new(Default::default());
    let mut plies = PlyBuf::new();
    game.legal_plies(&mut plies);
    let mut out = Vec::new();
    evaluator
        .evaluate(
            &[
                Request {
                    game: &game,
                    plies: &plies,
                },
                Request {
                    game: &game,
                    plies: &plies[..3],
                },
            ],
            &mut out,
        )
        .unwrap();
    assert_eq!((out[0].policy.len(), out[1].policy.len()), (9, 3));
    for e in &out {
        assert!((e.policy.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        assert!((-1.0..=1.0).contains(&e.value));
    }
    let mut search = PuctSearch::new("puct:iters=64,batch=8".parse().unwrap(), Arc::new(evaluator));
    let result = search.search(&game, &[]);
    assert_eq!(result.iterations, 64);
    assert!(game.is_legal(result.best.unwrap()));
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let missing = Network::load("/nonexistent/x.safetensors").unwrap_err();
    assert!(matches!(missing, NetworkError::Io { .. }), "{missing}");
    let junk = std::env::temp_dir().join(format!("learn-junk-{}.safetensors", std::process::id()));
    std::fs::write(&junk, b"\xff\xff\xff\xff\xff\xff\xff\xffnot a header").unwrap();
    let err = Network::load(&junk).unwrap_err();
    assert!(matches!(err, NetworkError::Format { .. }), "{err}");
    assert!(err.to_string().contains("expected a safetensors file"), "{err}");
    std::fs::remove_file(&junk).unwrap();
}
