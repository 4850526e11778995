//! The actors: one driven by the keyboard, the others by simple scripts; input → velocity,
//! gravity, and the options the page toggles.

use slope_runtime::{Actor, ActorSettings, Feet, SUBPIXEL, TileMap, World};

/// Gravity, sub-pixels per frame².
pub const GRAVITY: i32 = SUBPIXEL / 4;
/// The fastest fall, sub-pixels per frame.
pub const MAX_FALL: i32 = 8 * SUBPIXEL;
/// The keyboard actor's running speed, sub-pixels per frame (1.5 px).
pub const RUN: i32 = 3 * SUBPIXEL / 2;
/// Jump speed, sub-pixels per frame.
pub const JUMP: i32 = 6 * SUBPIXEL;

/// The keys held in a frame, as bits: what the page's keyboard gives, and what scripts press.
///
/// ```
/// use playground::actors::Keys;
/// let k = Keys(Keys::RIGHT | Keys::JUMP);
/// assert_eq!(k.dir(), 1);
/// assert!(k.jump() && !k.down());
/// assert_eq!(Keys(Keys::LEFT | Keys::RIGHT).dir(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keys(pub u32);

impl Keys {
    /// Left (←, A).
    pub const LEFT: u32 = 1;
    /// Right (→, D).
    pub const RIGHT: u32 = 2;
    /// Jump (↑, W, space).
    pub const JUMP: u32 = 4;
    /// Down (↓, S): drop through a one-way cell.
    pub const DOWN: u32 = 8;

    /// -1 left, 0 neither or both, 1 right.
    pub fn dir(self) -> i32 {
        i32::from(self.0 & Keys::RIGHT != 0) - i32::from(self.0 & Keys::LEFT != 0)
    }

    /// Jump held.
    pub fn jump(self) -> bool {
        self.0 & Keys::JUMP != 0
    }

    /// Down held.
    pub fn down(self) -> bool {
        self.0 & Keys::DOWN != 0
    }
}

/// Sets an actor's velocity for one frame from its keys: run at `speed` sub-pixels per
/// frame in the held direction, jump from the ground, drop through a one-way cell, and
/// fall (gravity, down to [`MAX_FALL`]).
pub fn control(actor: &mut Actor, keys: Keys, speed: i32) {
    actor.vx = keys.dir() * speed;
    if keys.jump() && actor.contacts.on_ground() {
        actor.vy = JUMP;
    }
    if keys.down() && actor.contacts.on_one_way() {
        actor.drop_through();
    }
    actor.vy = (actor.vy - GRAVITY).max(-MAX_FALL);
}

/// Who presses an actor's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// The page's keyboard.
    Keyboard,
    /// Walks back and forth at `speed` sub-pixels per frame, turning at walls.
    Patrol {
        /// Sub-pixels per frame.
        speed: i32,
    },
    /// Walks like a patrol, and jumps every `every` frames.
    Hopper {
        /// Sub-pixels per frame.
        speed: i32,
        /// Frames between jumps.
        every: u32,
    },
}

/// An actor, its script, and where it started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walker {
    /// The actor as it is now.
    pub actor: Actor,
    /// Who presses its keys.
    pub script: Script,
    /// The direction a scripted actor walks in: 1 right, -1 left.
    pub dir: i32,
    /// The ground angle under it after its last frame ([`World::ground_angle`]).
    pub angle: u8,
    start: Actor,
}

impl Walker {
    /// A walker that starts as `actor`, walking right.
    pub fn new(actor: Actor, script: Script) -> Walker {
        Walker {
            actor,
            script,
            dir: 1,
            angle: 0,
            start: actor,
        }
    }

    /// Back to where it started.
    pub fn reset(&mut self) {
        self.actor = self.start;
        self.dir = 1;
        self.angle = 0;
    }

    /// This frame's keys and running speed: the keyboard's `held` for the keyboard actor;
    /// a script's for the others (a scripted actor turns when it pushes a wall).
    pub fn keys(&mut self, frame: u32, held: Keys) -> (Keys, i32) {
        let c = self.actor.contacts;
        if (self.dir > 0 && c.pushing_right()) || (self.dir < 0 && c.pushing_left()) {
            self.dir = -self.dir;
        }
        let walk = if self.dir > 0 {
            Keys::RIGHT
        } else {
            Keys::LEFT
        };
        match self.script {
            Script::Keyboard => (held, RUN),
            Script::Patrol { speed } => (Keys(walk), speed),
            Script::Hopper { speed, every } => {
                let jump = if frame.is_multiple_of(every.max(1)) {
                    Keys::JUMP
                } else {
                    0
                };
                (Keys(walk | jump), speed)
            }
        }
    }
}

/// The actor options the page toggles, applied to every actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// [`ActorSettings::wall_height`].
    pub wall_height: u8,
    /// [`ActorSettings::sticks_to_slopes`].
    pub sticks_to_slopes: bool,
    /// [`Feet::Centre`] instead of [`Feet::Box`].
    pub centre_feet: bool,
    /// [`ActorSettings::equal_slope_speed`].
    pub equal_slope_speed: bool,
    /// [`ActorSettings::corner_correction`].
    pub corner_correction: u8,
}

impl Default for Options {
    /// The runtime's defaults.
    fn default() -> Options {
        let s = ActorSettings::default();
        Options {
            wall_height: s.wall_height,
            sticks_to_slopes: s.sticks_to_slopes,
            centre_feet: s.feet == Feet::Centre,
            equal_slope_speed: s.equal_slope_speed,
            corner_correction: s.corner_correction,
        }
    }
}

/// An option, by number: how the page names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    /// Wall height, 0..=16 px.
    WallHeight = 0,
    /// Sticking to slopes going down, 0 or 1.
    Sticks = 1,
    /// Centre feet, 0 or 1.
    CentreFeet = 2,
    /// Equal speed on slopes, 0 or 1.
    EqualSlopeSpeed = 3,
    /// Corner correction, 0..=16 px.
    CornerCorrection = 4,
}

impl Opt {
    /// Every option, in number order.
    pub const ALL: [Opt; 5] = [
        Opt::WallHeight,
        Opt::Sticks,
        Opt::CentreFeet,
        Opt::EqualSlopeSpeed,
        Opt::CornerCorrection,
    ];

    /// The option numbered `n`.
    pub fn from_number(n: u32) -> Option<Opt> {
        Opt::ALL.get(n as usize).copied()
    }

    /// Its name on the page and in the test's plan.
    pub fn name(self) -> &'static str {
        match self {
            Opt::WallHeight => "wall_height",
            Opt::Sticks => "sticks_to_slopes",
            Opt::CentreFeet => "centre_feet",
            Opt::EqualSlopeSpeed => "equal_slope_speed",
            Opt::CornerCorrection => "corner_correction",
        }
    }
}

impl Options {
    /// The settings every actor gets.
    pub fn settings(self) -> ActorSettings {
        ActorSettings {
            wall_height: self.wall_height,
            sticks_to_slopes: self.sticks_to_slopes,
            corner_correction: self.corner_correction,
            equal_slope_speed: self.equal_slope_speed,
            feet: if self.centre_feet {
                Feet::Centre
            } else {
                Feet::Box
            },
            ..ActorSettings::default()
        }
    }

    /// Sets an option (numbers are clamped to 0..=16, flags are `value != 0`).
    pub fn set(&mut self, opt: Opt, value: u32) {
        let px = value.min(16) as u8;
        match opt {
            Opt::WallHeight => self.wall_height = px,
            Opt::Sticks => self.sticks_to_slopes = value != 0,
            Opt::CentreFeet => self.centre_feet = value != 0,
            Opt::EqualSlopeSpeed => self.equal_slope_speed = value != 0,
            Opt::CornerCorrection => self.corner_correction = px,
        }
    }

    /// An option's value (flags as 0 or 1).
    pub fn get(self, opt: Opt) -> u32 {
        match opt {
            Opt::WallHeight => self.wall_height.into(),
            Opt::Sticks => self.sticks_to_slopes.into(),
            Opt::CentreFeet => self.centre_feet.into(),
            Opt::EqualSlopeSpeed => self.equal_slope_speed.into(),
            Opt::CornerCorrection => self.corner_correction.into(),
        }
    }
}

/// The actors of the page, stepped one frame at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cast {
    /// The actors; the first is the keyboard's.
    pub walkers: Vec<Walker>,
    /// Frames stepped since the start (or the last reset).
    pub frame: u32,
}

impl Cast {
    /// The page's actors: the keyboard's (10×20), a small patrol (8×12) and a large hopper
    /// (14×24).
    pub fn start() -> Cast {
        Cast {
            walkers: vec![
                Walker::new(Actor::new(24, 16, 10, 20), Script::Keyboard),
                Walker::new(
                    Actor::new(192, 16, 8, 12),
                    Script::Patrol { speed: SUBPIXEL },
                ),
                Walker::new(
                    Actor::new(472, 16, 14, 24),
                    Script::Hopper {
                        speed: 3 * SUBPIXEL / 4,
                        every: 80,
                    },
                ),
            ],
            frame: 0,
        }
    }

    /// Everyone back to the start, frame 0.
    pub fn reset(&mut self) {
        for w in &mut self.walkers {
            w.reset();
        }
        self.frame = 0;
    }

    /// One frame: each actor gets the options, its keys (the keyboard's are `held`), its
    /// velocity, and moves through `world`.
    pub fn step<M: TileMap>(&mut self, world: &World<'_, M>, held: Keys, options: Options) {
        for w in &mut self.walkers {
            let (keys, speed) = w.keys(self.frame, held);
            w.actor.settings = options.settings();
            control(&mut w.actor, keys, speed);
            world.step(&mut w.actor);
            w.angle = world.ground_angle(&w.actor);
        }
        self.frame += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slope_runtime::{Cell, GridMap, Tables};

    static BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tiles.bin"));

    /// A floor at row 0, walls at columns 0 and 7.
    fn room() -> GridMap<8, 6> {
        let mut map = GridMap::new(Cell::FULL);
        for t in 0..8 {
            map.set(t, 0, Cell::FULL);
        }
        for ty in 0..6 {
            map.set(0, ty, Cell::FULL);
            map.set(7, ty, Cell::FULL);
        }
        map
    }

    #[test]
    fn keys_make_velocity_and_gravity_pulls() {
        let mut a = Actor::new(20, 16, 8, 8);
        control(&mut a, Keys(Keys::RIGHT), RUN);
        assert_eq!((a.vx, a.vy), (RUN, -GRAVITY));
        control(&mut a, Keys(Keys::LEFT), 100);
        assert_eq!((a.vx, a.vy), (-100, -2 * GRAVITY));
        // no jump in the air
        control(&mut a, Keys(Keys::JUMP), RUN);
        assert_eq!((a.vx, a.vy), (0, -3 * GRAVITY));
        a.vy = -MAX_FALL;
        control(&mut a, Keys(0), RUN);
        assert_eq!(a.vy, -MAX_FALL);
    }

    #[test]
    fn jumps_only_from_the_ground() {
        let tables = Tables::from_bytes(BLOB).unwrap();
        let map = room();
        let world = World::new(tables, &map);
        let mut a = Actor::new(20, 16, 8, 8);
        control(&mut a, Keys(0), RUN);
        world.step(&mut a);
        assert!(a.contacts.on_ground());
        control(&mut a, Keys(Keys::JUMP), RUN);
        assert_eq!(a.vy, JUMP - GRAVITY);
    }

    #[test]
    fn a_patrol_turns_at_walls_and_a_hopper_jumps_on_time() {
        let tables = Tables::from_bytes(BLOB).unwrap();
        let map = room();
        let world = World::new(tables, &map);
        let mut cast = Cast {
            walkers: vec![
                Walker::new(Actor::new(20, 16, 8, 8), Script::Patrol { speed: 512 }),
                Walker::new(
                    Actor::new(40, 16, 8, 8),
                    Script::Hopper {
                        speed: 0,
                        every: 60,
                    },
                ),
            ],
            frame: 0,
        };
        let mut xs = Vec::new();
        let mut hops = Vec::new();
        for _ in 0..200 {
            cast.step(&world, Keys(0), Options::default());
            xs.push(cast.walkers[0].actor.x);
            if cast.walkers[1].actor.vy > 0 && cast.walkers[1].actor.previous.on_ground() {
                hops.push(cast.frame - 1);
            }
        }
        // the room's inside is x 16..112: the 8-px patrol goes from wall to wall
        assert_eq!(xs.iter().max(), Some(&104));
        assert_eq!(xs.iter().min(), Some(&16));
        assert!(cast.walkers[0].dir != 0);
        // not at frame 0: it has not touched the ground yet (a jump lasts 48 frames)
        assert_eq!(hops, [60, 120, 180]);
        cast.reset();
        assert_eq!(cast.frame, 0);
        assert_eq!((cast.walkers[0].actor.x, cast.walkers[0].dir), (20, 1));
    }

    #[test]
    fn the_keyboard_actor_follows_the_keys() {
        let mut w = Walker::new(Actor::new(20, 16, 8, 8), Script::Keyboard);
        assert_eq!(w.keys(5, Keys(Keys::LEFT)), (Keys(Keys::LEFT), RUN));
    }

    #[test]
    fn options_map_to_settings_and_back() {
        let mut o = Options::default();
        assert_eq!(o.settings(), ActorSettings::default());
        for opt in Opt::ALL {
            assert_eq!(Opt::from_number(opt as u32), Some(opt));
            o.set(opt, 1);
            assert_eq!(o.get(opt), 1, "{}", opt.name());
            o.set(opt, 0);
            assert_eq!(o.get(opt), 0);
        }
        assert_eq!(Opt::from_number(5), None);
        o.set(Opt::WallHeight, 99);
        o.set(Opt::CentreFeet, 1);
        let s = o.settings();
        assert_eq!((s.wall_height, s.feet), (16, Feet::Centre));
    }
}
