//! The mover on a random map of random shapes and variants, one-way cells, platforms, and
//! actors of any size and settings under random commands: after every call, no actor that
//! was free stands in a solid pixel, positions and sizes stay in their limits, and the
//! call read the map a bounded number of times. Overflow traps (the fuzz build checks it).
//! Prints each new record of map reads in one call, so a run's log shows the worst cost
//! it found.
#![no_main]

use std::sync::atomic::{AtomicU64, Ordering};

use libfuzzer_sys::fuzz_target;
use slope_fuzz::mover::Scenario;

static MOST_READS: AtomicU64 = AtomicU64::new(0);

fuzz_target!(|scenario: Scenario| {
    let cost = scenario.run(slope_fuzz::default_tables());
    if MOST_READS.fetch_max(cost.reads, Ordering::Relaxed) < cost.reads {
        eprintln!(
            "mover: most map reads in one call so far: {} ({})",
            cost.reads, cost.call
        );
    }
});
