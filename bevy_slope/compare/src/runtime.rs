//! slope-runtime alone, without Bevy: the plugin's mover over a plain `Vec<Actor>`, to
//! tell the runtime's cost from the ECS's around it.

use slope_runtime::Actor;

use crate::level::Level;
use crate::rules::{self, Gravity, Spawn, Walker};

/// The crowd over slope-runtime's `World::step`, the same rules as the plugin's system.
pub struct RuntimeCrowd {
    level: Level,
    actors: Vec<Actor>,
    walkers: Vec<Walker>,
    gravity: Gravity,
    frame: u32,
}

impl RuntimeCrowd {
    /// `level` with a character at each of `spawns`, `gravity` pulling.
    pub fn new(level: Level, spawns: &[Spawn], gravity: Gravity) -> RuntimeCrowd {
        let (w, h) = rules::SIZE;
        RuntimeCrowd {
            level,
            actors: spawns.iter().map(|s| Actor::new(s.x, s.y, w, h)).collect(),
            walkers: spawns.iter().map(|s| s.walker).collect(),
            gravity,
            frame: 0,
        }
    }

    /// One frame: the rules, then every actor's step.
    pub fn frame(&mut self) {
        let (walk, jump) = (rules::subpixels(rules::WALK), rules::subpixels(rules::JUMP));
        let world = self.level.world();
        for (actor, walker) in self.actors.iter_mut().zip(&mut self.walkers) {
            let plan = walker.plan(self.frame, actor.x as f32);
            actor.vx = plan.dir * walk;
            actor.vy = self
                .gravity
                .fall_subpixels(actor.vy, actor.contacts.on_ground());
            if plan.jump && actor.contacts.on_ground() {
                actor.vy = jump;
            }
            world.step(actor);
        }
        self.frame += 1;
    }

    /// Every character's position (bottom-left pixel).
    pub fn positions(&self) -> Vec<(f32, f32)> {
        self.actors
            .iter()
            .map(|a| (a.x as f32, a.y as f32))
            .collect()
    }
}
