//! The `arena` binary: see the library's documentation.

fn main() {
    std::process::exit(arena::cli::main_exit_code());
}
