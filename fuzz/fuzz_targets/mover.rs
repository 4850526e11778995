//! The mover on a random map of random shapes and variants, one-way cells, platforms, and
//! actors of any size and settings under random commands: after every call, no actor that
//! was free stands in a solid pixel, positions and sizes stay in their limits, and the
//! call read the map a bounded number of times. Overflow traps (the fuzz build checks it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use slope_fuzz::mover::Scenario;

fuzz_target!(|scenario: Scenario| {
    scenario.run(slope_fuzz::default_tables());
});
