//! The `play` fuzz target: see `abstracta_fuzzing::play`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| abstracta_fuzzing::play(data));
