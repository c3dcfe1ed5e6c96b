//! The `http` fuzz target: see `abstracta_fuzzing::http`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| abstracta_fuzzing::http(data));
