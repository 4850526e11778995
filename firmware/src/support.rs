//! What every firmware binary of this crate shares: the semihosting console as a
//! `fmt::Write`, the exit, and the panic handler with its marker.

use cortex_m_semihosting::{debug, hio};

/// The semihosting console as a `fmt::Write`.
#[allow(dead_code, reason = "the size builds print nothing")]
pub struct Out<'a>(pub &'a mut hio::HostStream);

impl core::fmt::Write for Out<'_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0.write_all(s.as_bytes()).map_err(|_| core::fmt::Error)
    }
}

/// Ends the program under QEMU with a status: success or failure.
pub fn exit(success: bool) -> ! {
    debug::exit(if success {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    #[allow(clippy::empty_loop)]
    loop {}
}

/// Any panic lands here. A check in CI fails if this symbol is in the release ELF of the
/// firmware (or of the all-API size build): the optimiser must have proven every panic
/// path unreachable.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    panic_is_possible()
}

#[unsafe(no_mangle)]
#[inline(never)]
fn panic_is_possible() -> ! {
    exit(false)
}
