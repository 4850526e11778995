//! The scenario on a Cortex-M0: runs it, prints its trace over semihosting, exits 0.
//!
//! ```text
//! cd firmware && cargo run --release      # under qemu-system-arm (see .cargo/config.toml)
//! ```
#![no_std]
#![no_main]

use core::fmt::Write;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hio};

mod support;
use support::Out;

#[entry]
fn main() -> ! {
    report_sizes();
    let status = match hio::hstdout() {
        Ok(mut out) => {
            let mut w = Out(&mut out);
            match slope_scenario::write_trace(&mut w) {
                Ok(()) => debug::EXIT_SUCCESS,
                Err(_) => debug::EXIT_FAILURE,
            }
        }
        Err(()) => debug::EXIT_FAILURE,
    };
    debug::exit(status);
    #[allow(clippy::empty_loop)]
    loop {}
}

/// RAM per actor and per world on this target, on stderr (the trace on stdout must equal
/// the host's, whose pointers are wider).
fn report_sizes() {
    use core::mem::size_of;
    use slope_runtime::{Actor, Platform, Tables, World};
    if let Ok(mut err) = hio::hstderr() {
        let _ = writeln!(
            Out(&mut err),
            "size_of: Actor {} B, Platform {} B, Tables {} B, World {} B",
            size_of::<Actor>(),
            size_of::<Platform>(),
            size_of::<Tables<'static>>(),
            size_of::<World<'static, &slope_scenario::Level, &[Platform]>>()
        );
    }
}
