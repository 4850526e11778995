//! The actors: two deterministic crowds, and the brain that drives each actor the same way
//! on every engine.

use slope_runtime::{Actor, Contacts, SUBPIXEL};

use crate::rules::Body;

/// Gravity, 1/256 px per frame² (0.25 px).
pub const GRAVITY: i32 = SUBPIXEL / 4;
/// Fastest fall, 1/256 px per frame.
pub const TERMINAL: i32 = 6 * SUBPIXEL;
/// The mixed crowd's box sizes (w, h), cycled through: small to mid-sized actors.
pub const SIZES: [(u16, u16); 8] = [
    (8, 14),
    (6, 10),
    (12, 20),
    (16, 16),
    (4, 6),
    (10, 24),
    (20, 12),
    (14, 8),
];
/// The large crowd's box sizes: actors from one and a half to three tiles tall.
pub const LARGE_SIZES: [(u16, u16); 6] =
    [(24, 32), (32, 48), (16, 40), (40, 24), (28, 36), (20, 44)];

/// A crowd of actors: the box sizes they cycle through and where they spawn.
#[derive(Clone, Copy, Debug)]
pub struct Crowd {
    /// The crowd's name (the host bench's group name).
    pub name: &'static str,
    /// Box sizes (w, h), actor `i` has `sizes[i % len]`.
    pub sizes: &'static [(u16, u16)],
    /// Spawn columns: `16 + (i · 7919) mod x_span`, clear of the walls for every size.
    pub x_span: i32,
    /// The lowest spawn row (four rows, 20 px apart), above every structure of the level.
    pub y: i32,
    /// Actor counts the host bench times.
    pub counts: &'static [usize],
    /// Walking speeds as a percentage of [`SPEEDS`] (100 in every benchmark).
    pub speed_percent: i32,
}

/// The main comparison: actors of [`SIZES`] (4×6 to 20×24 px).
pub const MIXED: Crowd = Crowd {
    name: "movement",
    sizes: &SIZES,
    x_span: 965,
    y: 160,
    counts: &[1, 100, 1000],
    speed_percent: 100,
};

/// Taller and wider actors ([`LARGE_SIZES`]): per-pixel tests grow with the box's edges,
/// table lookups with the number of cells they span.
pub const LARGE: Crowd = Crowd {
    name: "movement-large",
    sizes: &LARGE_SIZES,
    x_span: 950,
    y: 120,
    counts: &[100],
    speed_percent: 100,
};

/// Walking speeds, 1/256 px per frame (1 to 2.5 px).
pub const SPEEDS: [i32; 6] = [256, 320, 384, 448, 512, 640];

/// One actor's intentions.
#[derive(Clone, Copy, Debug)]
pub struct Brain {
    /// Walking direction, ±1.
    pub dir: i32,
    /// Walking speed, 1/256 px per frame.
    pub speed: i32,
    /// Jump velocity, 1/256 px per frame.
    pub jump: i32,
    /// Frames between jump attempts.
    pub period: u32,
    /// Frames until the next jump attempt (0: this frame). A countdown rather than the
    /// frame number modulo the period: on a Cortex-M0 a remainder is a library call, and
    /// the link-time optimiser compiles that call differently as the engine beside it
    /// changes, which moved every engine's figure with the runtime's build.
    pub countdown: u32,
}

/// What the rules read from an engine after a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sense {
    /// Standing on something.
    pub on_ground: bool,
    /// A step left was refused.
    pub pushing_left: bool,
    /// A step right was refused.
    pub pushing_right: bool,
}

impl Sense {
    /// What the runtime's contacts tell.
    #[inline]
    pub fn of_contacts(c: Contacts) -> Sense {
        Sense {
            on_ground: c.on_ground(),
            pushing_left: c.pushing_left(),
            pushing_right: c.pushing_right(),
        }
    }

    /// What a baseline body's contacts tell.
    #[inline]
    pub fn of_body(body: &Body) -> Sense {
        Sense {
            on_ground: body.on_ground,
            pushing_left: body.pushing_left,
            pushing_right: body.pushing_right,
        }
    }
}

impl Brain {
    /// Turn around at walls, walk, fall, now and then jump; called once a frame from the
    /// first on (the countdown counts the calls).
    #[inline]
    pub fn drive(&mut self, sense: Sense, vx: &mut i32, vy: &mut i32) {
        if (self.dir > 0 && sense.pushing_right) || (self.dir < 0 && sense.pushing_left) {
            self.dir = -self.dir;
        }
        *vx = self.dir * self.speed;
        *vy = (*vy - GRAVITY).max(-TERMINAL);
        if self.countdown == 0 {
            self.countdown = self.period;
            if sense.on_ground {
                *vy = self.jump;
            }
        }
        self.countdown -= 1;
    }
}

/// Actor `i` of a deterministic crowd: spawn box (x, y, w, h) in the air, and its brain.
pub fn spawn(crowd: &Crowd, i: usize) -> ((i32, i32, u16, u16), Brain) {
    let sizes = crowd.sizes;
    let (w, h) = sizes[i % sizes.len()];
    let x = 16 + (i as i32 * 7919) % crowd.x_span;
    let y = crowd.y + (i as i32 % 4) * 20;
    let period = 90 + (i as u32 * 37) % 160;
    let brain = Brain {
        dir: if (i / 3) % 2 == 0 { 1 } else { -1 },
        speed: SPEEDS[(i / sizes.len() + 2) % SPEEDS.len()] * crowd.speed_percent / 100,
        jump: 4 * SUBPIXEL + (i as i32 * 53) % SUBPIXEL,
        period,
        // Frame f is a jump attempt where (f + phase) % period == 0, phase = 13 i % period.
        countdown: (period - (i as u32 * 13) % period) % period,
    };
    ((x, y, w, h), brain)
}

/// What a brain drives: an engine's actor.
pub trait Driven {
    /// Actor `i` of `crowd` at its spawn.
    fn spawn(crowd: &Crowd, i: usize) -> (Self, Brain)
    where
        Self: Sized;
    /// What the rules read after the last frame.
    fn sense(&self) -> Sense;
    /// Velocity (vx, vy), 1/256 px per frame, for the brain to set.
    fn velocity(&mut self) -> (&mut i32, &mut i32);
    /// Bottom-left pixel.
    fn position(&self) -> (i32, i32);
    /// The contacts the baselines report, as bits: on ground 1, pushing left 2, pushing
    /// right 4, on a ceiling 8.
    fn contact_bits(&self) -> u32;
}

/// A runtime actor and its brain.
pub type Mob = (Actor, Brain);
/// A baseline body and its brain.
pub type Walker = (Body, Brain);

impl Driven for Actor {
    fn spawn(crowd: &Crowd, i: usize) -> (Actor, Brain) {
        let ((x, y, w, h), brain) = spawn(crowd, i);
        (Actor::new(x, y, w, h), brain)
    }
    #[inline]
    fn sense(&self) -> Sense {
        Sense::of_contacts(self.contacts)
    }
    #[inline]
    fn velocity(&mut self) -> (&mut i32, &mut i32) {
        (&mut self.vx, &mut self.vy)
    }
    #[inline]
    fn position(&self) -> (i32, i32) {
        (self.x, self.y)
    }
    #[inline]
    fn contact_bits(&self) -> u32 {
        let c = self.contacts;
        bits([
            c.on_ground(),
            c.pushing_left(),
            c.pushing_right(),
            c.on_ceiling(),
        ])
    }
}

/// Flags as bits, the first the lowest.
#[inline]
fn bits(flags: [bool; 4]) -> u32 {
    flags
        .iter()
        .enumerate()
        .map(|(i, &f)| u32::from(f) << i)
        .sum()
}

impl Driven for Body {
    fn spawn(crowd: &Crowd, i: usize) -> (Body, Brain) {
        let ((x, y, w, h), brain) = spawn(crowd, i);
        (Body::new(x, y, w, h), brain)
    }
    #[inline]
    fn sense(&self) -> Sense {
        Sense::of_body(self)
    }
    #[inline]
    fn velocity(&mut self) -> (&mut i32, &mut i32) {
        (&mut self.vx, &mut self.vy)
    }
    #[inline]
    fn position(&self) -> (i32, i32) {
        (self.x, self.y)
    }
    #[inline]
    fn contact_bits(&self) -> u32 {
        bits([
            self.on_ground,
            self.pushing_left,
            self.pushing_right,
            self.on_ceiling,
        ])
    }
}

/// A checksum of every actor's position and contacts, folded into `hash` (FNV-1a style, 32
/// bits: cheap on a Cortex-M0); start from [`CHECKSUM_START`].
pub fn checksum<T: Driven>(hash: u32, actors: &[(T, Brain)]) -> u32 {
    let fold = |h: u32, v: u32| (h ^ v).wrapping_mul(0x0100_0193);
    actors.iter().fold(hash, |h, (a, _)| {
        let (x, y) = a.position();
        fold(fold(fold(h, x as u32), y as u32), a.contact_bits())
    })
}

/// The starting value of a [`checksum`].
pub const CHECKSUM_START: u32 = 0x811c_9dc5;

/// One frame of a crowd: each actor's brain reads the last frame's contacts and sets the
/// velocity, then `step` moves the actor. Always inlined, so that the firmware bench's
/// stack measure starts at the stack pointer of the loop that calls `step`.
#[inline(always)]
pub fn frame<T: Driven>(actors: &mut [(T, Brain)], mut step: impl FnMut(&mut T)) {
    for (actor, brain) in actors {
        let sense = actor.sense();
        let (vx, vy) = actor.velocity();
        brain.drive(sense, vx, vy);
        step(actor);
    }
}
