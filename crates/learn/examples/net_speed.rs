//! Evaluations per second of a network file at batch sizes 1, 8 and 64
//! (the figures of docs/learning.md):
//!
//! ```text
//! cargo run --release -p abstracta-learn --example net_speed -- NET.safetensors [SECONDS]
//! ```

use std::time::Instant;

use learn::net::Network;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: net_speed NET.safetensors [SECONDS per batch size]");
        std::process::exit(2);
    };
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let network = match Network::load(&path) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let s = network.shape().clone();
    let per = s.planes * s.rows * s.cols;
    println!(
        "{path}: {} ({}x{}x{} in, {} actions, {} channels, {} blocks)",
        s.game, s.planes, s.rows, s.cols, s.actions, s.channels, s.blocks
    );
    for batch in [1usize, 8, 64] {
        let input: Vec<f32> = (0..batch * per).map(|i| ((i * 7919) % 3) as f32 / 2.0).collect();
        network.forward(&input, batch).expect("forward");
        let started = Instant::now();
        let mut runs = 0u64;
        while started.elapsed().as_secs_f64() < seconds {
            network.forward(&input, batch).expect("forward");
            runs += 1;
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "batch {batch:>2}: {:>8.0} evaluations/s ({:.3} ms per batch)",
            (runs * batch as u64) as f64 / secs,
            1e3 * secs / runs as f64
        );
    }
}
