//! The painted stack, shared by the firmware that reports how deep its calls go (`bench`,
//! `game`): paint the free stack below the stack pointer, run, then find the lowest word
//! that lost its paint.

/// The paint.
const PAINT: u32 = 0x5A5A_C3C3;

/// The stack below the stack pointer of the function it is made in, `WINDOW` bytes of it
/// painted; [`Self::used`] then tells how deep the calls since went.
pub struct StackProbe<const WINDOW: usize> {
    top: usize,
}

impl<const WINDOW: usize> StackProbe<WINDOW> {
    /// Paints `WINDOW` bytes below the current stack pointer.
    #[inline(always)]
    pub fn paint() -> Self {
        let top = cortex_m::register::msp::read() as usize & !3;
        for word in (top - WINDOW..top).step_by(4) {
            // SAFETY: free stack (below the stack pointer, above the statics: each user's
            // window leaves room for them on its board), and nothing interrupts these
            // programs.
            unsafe { core::ptr::write_volatile(word as *mut u32, PAINT) }
        }
        StackProbe { top }
    }

    /// The most bytes used below the painted-from stack pointer since [`Self::paint`]
    /// (`WINDOW` if all of it: more is unknown).
    #[inline(always)]
    pub fn used(&self) -> usize {
        let mut word = self.top - WINDOW;
        // SAFETY: the painted window, below this function's stack pointer.
        while word < self.top && unsafe { core::ptr::read_volatile(word as *const u32) } == PAINT {
            word += 4;
        }
        self.top - word
    }
}
