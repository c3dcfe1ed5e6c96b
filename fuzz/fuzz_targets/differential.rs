//! The `differential` fuzz target: see `abstracta_fuzzing::differential`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| abstracta_fuzzing::differential(data));
