//! The `delve` command: play, generate levels, stream mazes, measure generators, inspect saves.

mod cli;

use std::process::ExitCode;

/// mimalloc rather than glibc's allocator: glibc hands freed memory back with `madvise`,
/// and in a process with two threads each hand-back flushes the other core's TLB —
/// `delve stats` on two cores went 1.5× faster than on one with it, 1.9× with mimalloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::run()
}
