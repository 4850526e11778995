//! The mover against the benchmark's two reference sweeps (`slope-bench`: `Naive` tests
//! every pixel of a leading edge on its own, `Bitmask` a strip of a cell at once), on a
//! random level of their kind (any shapes in any variants, full one-way blocks, solid
//! outside) with random box-feet actors and velocities: every frame, every actor's
//! position, velocity and contacts equal in all three.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use slope_bench::{Bitmask, Body, Driven, Level, Naive, Probe};
use slope_runtime::{Actor, ActorSettings, Cell, Rect, ShapeId, Variant, World};

const W: i32 = slope_bench::level::W as i32;
const H: i32 = slope_bench::level::H as i32;

#[derive(Debug, Arbitrary)]
struct Input {
    /// The shapes (and variants) the level's cells may use, as (shape, variant) bytes.
    kinds: [(u8, u8); 6],
    /// Cells, repeated to fill the level.
    cells: Vec<u8>,
    actors: Vec<Spec>,
    /// Per frame, per actor: (vx, vy) in 1/256 px per frame.
    frames: Vec<Vec<(i16, i16)>>,
}

#[derive(Debug, Arbitrary)]
struct Spec {
    x: u16,
    y: u8,
    width: u8,
    height: u8,
    wall_height: u8,
    corner_correction: u8,
}

fuzz_target!(|input: Input| {
    let tables = slope_fuzz::default_tables();
    let count = tables.shape_count();
    let kinds = input.kinds.map(|(s, v)| {
        Cell::shape(
            ShapeId::new(u16::from(s) % count),
            Variant::ALL[usize::from(v % 8)],
        )
    });
    let mut level = Level::new(Cell::FULL);
    if !input.cells.is_empty() {
        for i in 0..(W * H) as usize {
            let b = input.cells[i % input.cells.len()];
            let cell = match b {
                0..=139 => Cell::EMPTY,
                140..=179 => Cell::FULL,
                180..=189 => Cell::FULL.one_way(),
                _ => kinds[usize::from(b) % kinds.len()],
            };
            level.set(i as i32 % W, i as i32 / W, cell);
        }
    }
    let naive = Naive::new(&tables, &level);
    let bitmask = Bitmask::new(&tables, &level);
    let world = World::new(tables, &level);

    let mut actors: Vec<(Actor, Body, Body)> = Vec::new();
    for spec in input.actors.iter().take(8) {
        let (w, h) = (
            u16::from(spec.width % 48 + 1),
            u16::from(spec.height % 48 + 1),
        );
        let (x, y) = (i32::from(spec.x) % (W * 16), i32::from(spec.y) % (H * 16));
        let r = Rect {
            x0: x,
            y0: y,
            x1: x + i32::from(w) - 1,
            y1: y + i32::from(h) - 1,
        };
        if world.hits(r) {
            continue;
        }
        let settings = ActorSettings {
            wall_height: spec.wall_height % 17,
            corner_correction: spec.corner_correction % 9,
            ..ActorSettings::default()
        };
        let actor = Actor::new(x, y, w, h).with_settings(settings);
        let mut body = Body::new(x, y, w, h);
        body.wall_height = i32::from(settings.wall_height);
        body.corner_correction = i32::from(settings.corner_correction);
        actors.push((actor, body, body));
    }

    for (frame, speeds) in input.frames.iter().take(48).enumerate() {
        for (i, ((a, by_naive, by_bitmask), &(vx, vy))) in actors.iter_mut().zip(speeds).enumerate()
        {
            let (vx, vy) = (i32::from(vx), i32::from(vy));
            (a.vx, a.vy) = (vx, vy);
            (by_naive.vx, by_naive.vy) = (vx, vy);
            (by_bitmask.vx, by_bitmask.vy) = (vx, vy);
            let before = *a;
            world.step(a);
            naive.step(by_naive);
            bitmask.step(by_bitmask);
            let runtime = state(a);
            assert_eq!(
                runtime,
                state(by_naive),
                "frame {frame}, actor {i}: the runtime and the naive sweep part\n before: {before:?}"
            );
            assert_eq!(
                runtime,
                state(by_bitmask),
                "frame {frame}, actor {i}: the runtime and the bit-mask sweep part\n before: {before:?}"
            );
        }
    }
});

/// Position, velocity, and contacts as the bench reads them from every engine.
fn state<T: Driven>(t: &mut T) -> ((i32, i32), (i32, i32), u32) {
    let (position, contacts) = (t.position(), t.contact_bits());
    let (vx, vy) = t.velocity();
    (position, (*vx, *vy), contacts)
}
