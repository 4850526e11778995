//! The recording: what its frames show, read back with an independent decoder.

use demo::recording::{self, DELAY_CS, EVERY, PALETTE, SCALE, colour};
use demo::scene::{FRAMES, Level, level_size};
use demo::walk;
use image::AnimationDecoder as _;
use image::codecs::gif::GifDecoder;
use slope_runtime::{Actor, Rect, TileMap, World};

/// An actor's box `(x0, y0, x1, y1)` and whether it stands.
type Seen = ((i32, i32, i32, i32), bool);

/// What each actor is at every recorded frame.
fn boxes_per_shot() -> Vec<Vec<Seen>> {
    let mut shots = Vec::new();
    recording::run(walk::TABLES, |scene, _| {
        let state = |a: &Actor| (a.bounds(), a.contacts.on_ground());
        shots.push(scene.actors.iter().map(state).collect());
    });
    shots
}

#[test]
fn two_recordings_are_byte_identical() {
    let a = recording::gif(walk::TABLES).unwrap();
    let b = recording::gif(walk::TABLES).unwrap();
    assert!(a == b, "two runs gave different bytes");
    assert!(a.starts_with(b"GIF89a"));
    // small enough to sit in the README
    assert!(a.len() < 400_000, "{} bytes", a.len());
}

#[test]
fn each_frame_shows_every_actor_box_where_the_runtime_puts_it() {
    let bytes = recording::gif(walk::TABLES).unwrap();
    let frames = GifDecoder::new(std::io::Cursor::new(bytes))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    let shots = boxes_per_shot();
    assert_eq!(frames.len(), (FRAMES / EVERY) as usize);
    assert_eq!(frames.len(), shots.len());
    let (w, h) = level_size();
    let scale = SCALE as i32;
    let mut checked = 0;
    for (frame, actors) in frames.iter().zip(&shots) {
        let (numer, denom) = frame.delay().numer_denom_ms();
        assert_eq!(numer / denom, u32::from(DELAY_CS) * 10);
        let img = frame.buffer();
        assert_eq!(
            (img.width() as i32, img.height() as i32),
            (w * scale, h * scale)
        );
        // level pixel (x, y), y up, is screen square (x, h - 1 - y) times the scale
        let at = |x: i32, y: i32| {
            let p = img.get_pixel((x * scale) as u32, ((h - 1 - y) * scale) as u32);
            [p[0], p[1], p[2]]
        };
        for (i, &((x0, y0, x1, y1), on_ground)) in actors.iter().enumerate() {
            // where another box, or its feet's mark, comes within 2 px, skip this one
            let apart = actors
                .iter()
                .enumerate()
                .all(|(j, &((a0, b0, a1, b1), _))| {
                    j == i || a0 > x1 + 3 || a1 < x0 - 3 || b0 > y1 + 3 || b1 < y0 - 3
                });
            if !apart {
                continue;
            }
            let own = PALETTE[usize::from(colour::actor(i))];
            // the outline in the actor's colour, and only the outline
            let mut found = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
            for y in 0..h {
                for x in 0..w {
                    if at(x, y) == own {
                        found = (
                            found.0.min(x),
                            found.1.min(y),
                            found.2.max(x),
                            found.3.max(y),
                        );
                    }
                }
            }
            assert_eq!(found, (x0, y0, x1, y1), "actor {i}");
            for x in x0..=x1 {
                assert_eq!((at(x, y0), at(x, y1)), (own, own), "actor {i} at x {x}");
            }
            // standing: some pixel right under it is marked as the ground it stands on
            let marked = (x0..=x1).any(|x| at(x, y0 - 1) == PALETTE[usize::from(colour::CONTACT)]);
            assert_eq!(marked, on_ground, "actor {i} at {:?}", (x0, y0));
            checked += 1;
        }
    }
    // most boxes are apart most of the time
    assert!(checked > frames.len() * 3, "{checked} boxes checked");
}

#[test]
fn the_level_is_drawn_from_the_runtimes_solid_pixels() {
    let tables = walk::TABLES;
    let bg = recording::background(&tables);
    let world = World::new(tables, &Level);
    let (w, h) = level_size();
    for y in 0..h {
        for x in 0..w {
            let one_way = Level.cell(x / 16, y / 16).is_one_way();
            let expected = if world.hits(Rect::of_box(x, y, 1, 1)) {
                colour::SOLID
            } else if one_way && bg.get(x, y) != Some(colour::AIR) {
                colour::ONE_WAY // `hits` counts one-way cells as air
            } else {
                colour::AIR
            };
            assert_eq!(bg.get(x, y), Some(expected), "pixel ({x}, {y})");
        }
    }
}

#[test]
fn the_recording_has_every_promised_moment() {
    let tables = walk::TABLES;
    let mut seen = (false, false, false, false, false);
    let mut lift_moved = false;
    let world = World::new(tables, &Level);
    recording::run(tables, |scene, _| {
        lift_moved |= scene.platforms[0].y != 16;
        for a in &scene.actors {
            let c = a.contacts;
            // the head against the ceiling slope `v` at cell (10, 7), probed
            let (x0, _, x1, y1) = a.bounds();
            let head = world.touching(a).on_ceiling();
            seen.0 |= head && y1 >= 112 && x0 <= 175 && x1 >= 160;
            seen.1 |= a.is_dropping();
            // at least 11° (8 byte angles): a slope, not level ground beside one
            let sloped = c.on_ground() && (world.ground_angle(a) as i8).unsigned_abs() >= 8;
            seen.2 |= sloped;
            seen.3 |= a.settings.feet == slope_runtime::Feet::Centre && sloped;
        }
        seen.4 |= scene.actors.iter().any(|a| {
            let (x0, y0, x1, _) = a.bounds();
            let (p0, _, p1, p3) = scene.platforms[0].bounds();
            y0 == p3 + 1 && x0 <= p1 && x1 >= p0 && scene.platforms[0].y > 16
        });
    });
    assert!(lift_moved, "the lift moves");
    assert!(seen.1, "someone drops through a one-way platform");
    assert!(seen.2, "someone stands on a slope");
    assert!(seen.3, "a centre-feet actor stands on a slope");
    assert!(seen.4, "someone rides the lift");
    assert!(seen.0, "someone jumps into the sloped ceiling");
}
