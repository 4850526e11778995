//! The crowd's rules, the same for every engine: walk back and forth at 2 px per frame,
//! gravity 0.25 px per frame², falling at most 6 px per frame, a jump every 97 frames, at
//! 60 steps a second (the example's numbers, `examples/platformer/game.rs`).

use slope_runtime::SUBPIXEL;

/// Steps per second.
pub const STEPS_PER_SECOND: f32 = 60.0;
/// Walking speed, px per frame.
pub const WALK: f32 = 2.0;
/// Gravity, px per frame².
pub const GRAVITY: f32 = 0.25;
/// The fastest fall, px per frame.
pub const MAX_FALL: f32 = 6.0;
/// A jump's upward speed, px per frame (the example's `21/4`: about 52 px high).
pub const JUMP: f32 = 5.25;
/// Frames between jumps.
pub const JUMP_PERIOD: u32 = 97;
/// Frames the jump is held (a jump starts on the first of them that finds it on the
/// ground, as the example's scripted player holds its button).
pub const JUMP_HELD: u32 = 9;
/// A character's box, px.
pub const SIZE: (u16, u16) = (10, 14);

/// When gravity pulls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gravity {
    /// Every frame, on the ground too (the example's rules, `game.rs`; Rapier's own
    /// character example pushes down every frame the same way): a grounded character is
    /// pressed into the ground by 0.25 px each frame, its mover stops it.
    Always,
    /// Only off the ground: on the ground `vy` stays 0, and the mover keeps the character
    /// on the ground (Rapier's snap-to-ground, the runtime's slope sticking).
    Airborne,
}

impl Gravity {
    /// Its description.
    pub fn name(self) -> &'static str {
        match self {
            Gravity::Always => "gravity every frame",
            Gravity::Airborne => "gravity off the ground only",
        }
    }

    /// `vy` (px per frame) after this frame's gravity.
    pub fn fall(self, vy: f32, grounded: bool) -> f32 {
        if self == Gravity::Always || !grounded {
            (vy - GRAVITY).max(-MAX_FALL)
        } else {
            vy
        }
    }

    /// `vy` (1/256 px per frame) after this frame's gravity.
    pub fn fall_subpixels(self, vy: i32, grounded: bool) -> i32 {
        if self == Gravity::Always || !grounded {
            (vy - subpixels(GRAVITY)).max(-subpixels(MAX_FALL))
        } else {
            vy
        }
    }
}

/// The runtime's units (1/256 px per frame) of a speed in px per frame.
pub fn subpixels(px_per_frame: f32) -> i32 {
    (px_per_frame * SUBPIXEL as f32).round() as i32
}

/// What a character does this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// −1 left, +1 right.
    pub dir: i32,
    /// Jump if on the ground.
    pub jump: bool,
}

/// One character's walk: its patrol span and its state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Walker {
    /// Direction: −1 left, +1 right.
    pub dir: i32,
    /// Turns right at or left of this x (its box's left edge, px).
    pub lo: f32,
    /// Turns left at or right of this x.
    pub hi: f32,
    /// Offset of its jumps in the jump period.
    pub phase: u32,
    /// Its x before the last step.
    pub last_x: f32,
}

impl Walker {
    /// A walker at `x`, going `dir`, patrolling `lo..=hi`, jumping at `phase`.
    pub fn new(x: f32, dir: i32, lo: f32, hi: f32, phase: u32) -> Walker {
        Walker {
            dir,
            lo,
            hi,
            phase,
            last_x: x - dir as f32 * WALK,
        }
    }

    /// The plan for frame `frame` of a character now at `x`: it turns where its span ends
    /// and where the last step got it less than half a pixel along (a wall, a step too
    /// high, a slope too steep).
    pub fn plan(&mut self, frame: u32, x: f32) -> Plan {
        let moved = x - self.last_x;
        self.last_x = x;
        if moved.abs() < 0.5 {
            self.dir = -self.dir;
        } else if x <= self.lo {
            self.dir = 1;
        } else if x >= self.hi {
            self.dir = -1;
        }
        Plan {
            dir: self.dir,
            jump: (frame + self.phase) % JUMP_PERIOD < JUMP_HELD,
        }
    }
}

/// Where each of `n` characters starts: its box's bottom-left pixel and its walker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spawn {
    /// Left edge, px.
    pub x: i32,
    /// Bottom edge, px.
    pub y: i32,
    /// Its walk.
    pub walker: Walker,
}

/// `n` characters spread evenly over the level's width, each dropped from the top onto
/// what is below (the floor, a slope, the ledge, the tower), patrolling 40 px either side
/// of where it starts, every other one walking left first, their jumps staggered.
pub fn spawns(level: &crate::level::Level, n: usize) -> Vec<Spawn> {
    let (w, h) = level.size_px();
    let (bw, bh) = SIZE;
    (0..n)
        .filter_map(|i| {
            let centre = ((2 * i + 1) as i64 * i64::from(w) / (2 * n as i64)) as i32;
            let (x, y) = level.ground_below(centre, h - i32::from(bh) - 1, bw, bh)?;
            let dir = if i % 2 == 0 { 1 } else { -1 };
            let lo = (x - 40).max(0) as f32;
            let hi = (x + 40).min(w - i32::from(bw)) as f32;
            let phase = (i as u32 * 37) % JUMP_PERIOD;
            Some(Spawn {
                x,
                y,
                walker: Walker::new(x as f32, dir, lo, hi, phase),
            })
        })
        .collect()
}
