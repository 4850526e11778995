//! The `api` firmware without its calls: its flash is what `bench.sh` subtracts from `api`'s
//! to get the runtime's code size.
#![no_std]
#![no_main]

#[path = "../support.rs"]
mod support;

use core::hint::black_box as opaque;

use cortex_m_rt::entry;

#[entry]
fn main() -> ! {
    support::exit(opaque(true))
}
