//! What platforms do to actors through the tiles: carry a rider a pixel, push an actor out
//! of the way, relocate a crushed one, and give an actor that leaves a platform its momentum.

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::path::move_actor;
use crate::motion::platform::Platform;
use crate::motion::world::World;
use crate::motion::world::one_way::OneWay;
use crate::motion::world::rules::{Rules, SkipPlatform};
use crate::tables::geometry::Direction;
use crate::units::MAX_SPEED;

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// Pushed one pixel towards `dir` by platform `pusher` (which takes no part), with tile
    /// collision and nothing else. Returns whether it moved.
    pub(crate) fn push_aside(&self, actor: &mut Actor, dir: Direction, pusher: usize) -> bool {
        let here = actor.rect();
        let rules = Rules {
            skip_platform: SkipPlatform::index(pusher),
            ..Rules::for_actor(actor, OneWay::Ignored, &self.platforms)
        };
        if dir.is_horizontal() {
            // Pushed into a slope, it walks up it; pushed into a wall, it stays.
            let ahead = here.shifted(dir, 1);
            let climb = actor.settings.wall().saturating_sub(1).max(0);
            let Some(k) = self.escape_with(ahead, Direction::Up, climb, &rules) else {
                return false;
            };
            if !self.has_room(here, Direction::Up, k, &rules) {
                return false;
            }
            move_actor(actor, dir, 1);
            move_actor(actor, Direction::Up, k);
            true
        } else if !self.blocked(here, dir, &rules) {
            move_actor(actor, dir, 1);
            true
        } else {
            false
        }
    }

    /// A crushed actor, moved the shortest way out of everything (platform `pusher` too)
    /// along a path clear of tiles and other platforms: never through a wall. Returns
    /// whether it found such a place; if not, it is left where it is.
    #[inline(never)] // the rare case (a crush): inlined, it would deepen every push's stack
    pub(crate) fn relocate(&self, actor: &mut Actor, pusher: usize) -> bool {
        let all = Rules::for_actor(actor, OneWay::Ignored, &self.platforms);
        let path = Rules {
            skip_platform: SkipPlatform::index(pusher),
            ..all
        };
        self.escape_shortest(actor, &all, Some(&path))
    }

    /// An actor that stood on a platform at the end of its last step and has just left
    /// the ground (`drop`: it asked to drop through this frame): adds the platform's
    /// momentum to its velocity as
    /// [`ActorSettings::keeps_platform_momentum`](crate::ActorSettings::keeps_platform_momentum)
    /// says, except on an axis stopped this frame.
    #[inline(never)] // out of the step's way
    pub(crate) fn keep_momentum(
        &self,
        actor: &mut Actor,
        drop: bool,
        blocked_x: bool,
        blocked_y: bool,
    ) {
        let from = actor.previous;
        if from.ground_platform().is_none()
            || actor.contacts.on_ground()
            || !actor.settings.keeps_platform_momentum
            || from.ground_cell().is_some()
            || (drop && from.on_one_way())
        {
            return;
        }
        let Some(p) = from
            .ground_platform()
            .and_then(|i| self.platforms.as_ref().get(i))
        else {
            return;
        };
        let (mx, my) = p.momentum();
        let keep = |v: i32, m: i32| v.saturating_add(m).clamp(-MAX_SPEED, MAX_SPEED);
        if !blocked_x {
            actor.vx = keep(actor.vx, mx);
        }
        if !blocked_y {
            actor.vy = keep(actor.vy, my);
        }
    }
}
