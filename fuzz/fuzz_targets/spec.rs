//! The `spec` fuzz target: see `abstracta_fuzzing::spec`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| abstracta_fuzzing::spec(data));
