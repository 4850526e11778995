//! Rollback in the style of GGRS's `SyncTestSession`: every frame the state is saved; from
//! frame `CHECK_DISTANCE` on, the game rolls back that many frames, replays the same
//! inputs, and must reach the same state hashes it recorded the first time, over 600
//! frames of the example's level.

mod support;

use bevy_slope::{SlopeSnapshot, state_hash};

const FRAMES: u32 = 600;
const CHECK_DISTANCE: u32 = 7;

#[test]
fn rolled_back_and_replayed_frames_hash_alike() {
    let mut app = support::headless_app(&support::example_assets(), false);
    support::load_level(&mut app, "level.tmx");
    support::spawn_cast(&mut app);

    let mut snapshots: Vec<SlopeSnapshot> = Vec::new();
    let mut hashes: Vec<u64> = Vec::new();
    let mut rollbacks = 0;
    for frame in 0..FRAMES {
        snapshots.push(SlopeSnapshot::save(app.world_mut()));
        support::step(&mut app, frame);
        hashes.push(state_hash(app.world_mut()));

        if frame >= CHECK_DISTANCE {
            let from = frame + 1 - CHECK_DISTANCE;
            snapshots[from as usize].restore(app.world_mut());
            assert_eq!(
                state_hash(app.world_mut()),
                snapshots[from as usize].hash(),
                "restoring frame {from}"
            );
            for replay in from..=frame {
                support::step(&mut app, replay);
                assert_eq!(
                    state_hash(app.world_mut()),
                    hashes[replay as usize],
                    "frame {replay} replayed at frame {frame}"
                );
            }
            rollbacks += 1;
        }
    }
    assert_eq!(rollbacks, FRAMES - CHECK_DISTANCE);
    // The run moved things: the state changed, and not only once.
    let distinct: std::collections::HashSet<_> = hashes.iter().collect();
    assert!(
        distinct.len() > FRAMES as usize / 2,
        "{} distinct states",
        distinct.len()
    );
}

#[test]
fn the_hash_sees_every_change_of_movement_state() {
    let mut app = support::headless_app(&support::example_assets(), false);
    support::load_level(&mut app, "level.tmx");
    support::spawn_cast(&mut app);
    let before = state_hash(app.world_mut());
    let snapshot = SlopeSnapshot::save(app.world_mut());
    let world = app.world_mut();
    let mut actors = world.query::<&mut bevy_slope::SlopeActor>();
    if let Some(mut actor) = actors.iter_mut(world).next() {
        actor.vx += 1; // a sub-pixel of speed
    }
    assert_ne!(state_hash(app.world_mut()), before);
    snapshot.restore(app.world_mut());
    assert_eq!(state_hash(app.world_mut()), before);
}
