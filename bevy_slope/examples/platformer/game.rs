//! The platformer's rules, free of Bevy: what the hero, the enemies, the lift and the moving
//! platform do before each step. The example runs them in Bevy; the plugin's tests run
//! them on `slope_runtime::Scene` too, to show the plugin adds no rule of its own.

use slope_runtime::{Actor, ActorSettings, Platform, Rect, SUBPIXEL};

/// Gravity: a quarter pixel per step, per step.
pub const GRAVITY: i32 = SUBPIXEL / 4;
/// The fastest fall, in 1/256 px per step.
pub const MAX_FALL: i32 = 6 * SUBPIXEL;
/// A jump's upward speed: about 55 px high.
pub const JUMP: i32 = 21 * SUBPIXEL / 4;
/// The hero's walking speed: 2 px per step (120 px/s at 60 steps a second).
pub const WALK: i32 = 2 * SUBPIXEL;
/// An enemy's speed.
pub const PATROL: i32 = SUBPIXEL / 2;
/// The lift's and the moving platform's speed.
pub const RIDE: i32 = SUBPIXEL;

/// The hero's box.
pub const HERO_SIZE: (u16, u16) = (10, 14);
/// An enemy's box.
pub const ENEMY_SIZE: (u16, u16) = (12, 10);

/// What the player holds this step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Input {
    /// −1 left, 0, +1 right.
    pub x: i8,
    /// Jump held.
    pub jump: bool,
    /// Down held (with jump: drop through a one-way ledge or platform).
    pub down: bool,
}

/// The hero, standing at `(x, y)` (its feet's left end).
pub fn hero(x: i32, y: i32) -> Actor {
    Actor::new(x, y, HERO_SIZE.0, HERO_SIZE.1).with_settings(ActorSettings {
        wall_height: 6,
        corner_correction: 4,
        ..ActorSettings::default()
    })
}

/// An enemy at the left end of its patrol area, walking right.
pub fn enemy(area: Rect) -> Actor {
    let mut actor = Actor::new(area.x0, area.y0, ENEMY_SIZE.0, ENEMY_SIZE.1);
    actor.vx = PATROL;
    actor
}

/// The hero's velocity from the input: walk, fall, jump, drop through.
pub fn control_hero(hero: &mut Actor, input: Input) {
    hero.vx = i32::from(input.x.signum()) * WALK;
    hero.vy = (hero.vy - GRAVITY).max(-MAX_FALL);
    if input.jump && hero.contacts.on_ground() {
        if input.down && hero.contacts.on_one_way() {
            hero.drop_through();
        } else {
            hero.vy = JUMP;
        }
    }
}

/// An enemy walks its area back and forth, turning at its ends and at walls.
pub fn patrol(enemy: &mut Actor, area: Rect) {
    let right = enemy.x + i32::from(enemy.width()) - 1;
    let direction = if enemy.contacts.pushing_right() || right >= area.x1 {
        -1
    } else if enemy.contacts.pushing_left() || enemy.x <= area.x0 {
        1
    } else if enemy.vx < 0 {
        -1
    } else {
        1
    };
    enemy.vx = direction * PATROL;
    enemy.vy = (enemy.vy - GRAVITY).max(-MAX_FALL);
}

/// A platform shuttles between `from` and `to` (its bottom-left corner), along x or y.
pub fn shuttle(platform: &mut Platform, from: (i32, i32), to: (i32, i32)) {
    let (at, lo, hi, v) = if from.0 != to.0 {
        (
            platform.x,
            from.0.min(to.0),
            from.0.max(to.0),
            &mut platform.vx,
        )
    } else {
        (
            platform.y,
            from.1.min(to.1),
            from.1.max(to.1),
            &mut platform.vy,
        )
    };
    if at >= hi {
        *v = -RIDE;
    } else if at <= lo || *v == 0 {
        *v = RIDE;
    }
}

/// The scripted player of the tests and the screenshot: walks right over the hills,
/// jumps the ramps, rides the lift and jumps off it, with a drop through the ledge.
pub fn scripted_input(step: u32) -> Input {
    let x = match step {
        0..=40 => 1,
        41..=60 => 0,
        61..=200 => 1,
        201..=230 => -1,
        231..=380 => 1,
        381..=420 => 0,
        _ => 1,
    };
    let jump = matches!(step % 97, 0..=8) || (430..440).contains(&step);
    let down = (430..440).contains(&step);
    Input { x, jump, down }
}

/// Who is where when the level starts, from its named objects: `hero` (a point),
/// `enemy_*` (patrol areas), `lift` and `lift_top`, `platform` and `platform_end`.
#[derive(Clone, Debug, Default)]
pub struct Cast {
    /// The hero.
    pub hero: Option<Actor>,
    /// Each enemy and its patrol area.
    pub enemies: Vec<(Actor, Rect)>,
    /// Each moving platform, where it starts and where it turns.
    pub rides: Vec<(Platform, (i32, i32), (i32, i32))>,
}

impl Cast {
    /// The cast of a level with `objects`.
    pub fn of(objects: &[slopegen::Object]) -> Cast {
        use slopegen::ObjectValue;
        let find = |name: &str| objects.iter().find(|o| o.name == name).map(|o| &o.value);
        let mut cast = Cast::default();
        if let Some(ObjectValue::Point(x, y)) = find("hero") {
            cast.hero = Some(hero(*x, *y));
        }
        for object in objects.iter().filter(|o| o.name.starts_with("enemy")) {
            if let ObjectValue::Rect {
                x,
                y,
                width,
                height,
            } = object.value
            {
                let area = Rect {
                    x0: x,
                    y0: y,
                    x1: x + i32::from(width) - 1,
                    y1: y + i32::from(height) - 1,
                };
                cast.enemies.push((enemy(area), area));
            }
        }
        for (name, end) in [("lift", "lift_top"), ("platform", "platform_end")] {
            let (
                Some(ObjectValue::Rect {
                    x,
                    y,
                    width,
                    height,
                }),
                Some(ObjectValue::Point(ex, ey)),
            ) = (find(name), find(end))
            else {
                continue;
            };
            let platform = Platform::new(*x, *y, *width, *height);
            // A lift rises until its top is level with its end point; a platform moves
            // until its left edge is at it.
            let to = if ex == x {
                (*x, ey - i32::from(*height))
            } else {
                (*ex, *y)
            };
            cast.rides.push((platform, (*x, *y), to));
        }
        cast
    }
}
