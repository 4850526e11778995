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

/// The semihosting console as a `fmt::Write`.
struct Out<'a>(&'a mut hio::HostStream);

impl Write for Out<'_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0.write_all(s.as_bytes()).map_err(|_| core::fmt::Error)
    }
}

/// Any panic lands here. A check in CI fails if this symbol is in the release ELF: the
/// optimiser must have proven every panic path unreachable.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    panic_is_possible()
}

#[unsafe(no_mangle)]
#[inline(never)]
fn panic_is_possible() -> ! {
    debug::exit(debug::EXIT_FAILURE);
    #[allow(clippy::empty_loop)]
    loop {}
}
