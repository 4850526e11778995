//! Rollback: the movement state saved, restored and hashed.
//!
//! Every piece of movement state is plain copyable data: the [`SlopeActor`] and
//! [`SlopePlatform`] components and the [`PlatformOrder`] resource. A rollback library
//! (`bevy_ggrs`: `rollback_component_with_copy::<SlopeActor>()`, the same for
//! [`SlopePlatform`], `rollback_resource_with_clone::<PlatformOrder>()`) saves them;
//! [`SlopeSnapshot`] does it by hand, and [`state_hash`] is the checksum peers compare to
//! find a desync.

use std::hash::{Hash, Hasher};

use bevy::prelude::*;

use crate::body::{SlopeActor, SlopePlatform};
use crate::step::PlatformOrder;

/// The movement state at one moment: every actor, every platform, the platforms' order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlopeSnapshot {
    actors: Vec<(Entity, SlopeActor)>,
    platforms: Vec<(Entity, SlopePlatform)>,
    order: PlatformOrder,
}

impl SlopeSnapshot {
    /// Saves the movement state of `world`.
    pub fn save(world: &mut World) -> SlopeSnapshot {
        let mut actors: Vec<_> = world
            .query::<(Entity, &SlopeActor)>()
            .iter(world)
            .map(|(e, a)| (e, *a))
            .collect();
        actors.sort_unstable_by_key(|(e, _)| *e);
        let mut platforms: Vec<_> = world
            .query::<(Entity, &SlopePlatform)>()
            .iter(world)
            .map(|(e, p)| (e, *p))
            .collect();
        platforms.sort_unstable_by_key(|(e, _)| *e);
        let order = world
            .get_resource::<PlatformOrder>()
            .cloned()
            .unwrap_or_default();
        SlopeSnapshot {
            actors,
            platforms,
            order,
        }
    }

    /// Puts the saved state back: each saved actor and platform that still exists takes its
    /// saved value (entities spawned or despawned since are the game's to handle, as with
    /// any rollback).
    pub fn restore(&self, world: &mut World) {
        for (entity, actor) in &self.actors {
            if let Some(mut now) = world.get_mut::<SlopeActor>(*entity) {
                *now = *actor;
            }
        }
        for (entity, platform) in &self.platforms {
            if let Some(mut now) = world.get_mut::<SlopePlatform>(*entity) {
                *now = *platform;
            }
        }
        world.insert_resource(self.order.clone());
    }

    /// The hash of the saved state ([`state_hash`] of the world it was saved from).
    pub fn hash(&self) -> u64 {
        let mut hasher = Fnv64::default();
        self.actors.len().hash(&mut hasher);
        for (_, actor) in &self.actors {
            actor.hash(&mut hasher);
        }
        self.platforms.len().hash(&mut hasher);
        for (_, platform) in &self.platforms {
            platform.hash(&mut hasher);
        }
        hasher.finish()
    }
}

/// A checksum of the movement state (every actor and platform, in the order of their
/// entities: positions, sub-pixel remainders, velocities, settings, contacts): equal on
/// two peers that simulated alike. FNV-1a over the values, so the same on every run and
/// every little-endian machine (entity ids are not hashed, only their order).
pub fn state_hash(world: &mut World) -> u64 {
    SlopeSnapshot::save(world).hash()
}

/// FNV-1a, 64 bits: a hasher with no random seed.
#[derive(Clone, Copy, Debug)]
struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv64 {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_its_reference_vectors() {
        let hash = |bytes: &[u8]| {
            let mut h = Fnv64::default();
            h.write(bytes);
            h.finish()
        };
        assert_eq!(hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
