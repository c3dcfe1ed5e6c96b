//! The `notation` fuzz target: see `abstracta_fuzzing::notation`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| abstracta_fuzzing::notation(data));
