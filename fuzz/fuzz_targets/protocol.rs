//! The `protocol` fuzz target: see `abstracta_fuzzing::protocol`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| abstracta_fuzzing::protocol(data));
