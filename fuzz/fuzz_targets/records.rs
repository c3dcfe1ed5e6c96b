//! The `records` fuzz target: see `abstracta_fuzzing::records`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| abstracta_fuzzing::records(data));
