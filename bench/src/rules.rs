//! The movement rules of the baselines, written once over a [`Probe`] (the engine's answer
//! to "is this strip of pixels free?"), with exactly the outcomes of
//! [`World::step`](slope_runtime::World::step) for the benchmark's actors:
//!
//! step 1 px at a time, x and y interleaved in proportion (integer Bresenham); if a step
//! sideways is blocked, try up to `wall_height - 1` px up; stick down up to
//! `wall_height - 1` px when grounded; land / hit ceilings on y; slide along sloped
//! ceilings and past corners; one-way cells meet only the feet of an actor coming from
//! above; no sticking, no ground and no sliding down under ceilings while rising by
//! velocity. Contacts are what the steps ran into, as the runtime's are: a refused step
//! down or the stick test of a step sideways proves the ground, a refused step sideways a
//! wall, a refused step up a ceiling; the only test after the move is the row under the
//! feet of an actor that ends a frame in the air, not rising.
//!
//! The baselines do only what these actors need: no ground cell or ground angle, no drop-through, no platforms, no
//! `Feet::Centre`, no equal slope speed.

use slope_runtime::{ActorSettings, MAX_SPEED, Rect, SUBPIXEL};

/// A baseline actor: the state the rules need and nothing else.
#[derive(Clone, Copy, Debug)]
pub struct Body {
    /// Bottom-left pixel, x.
    pub x: i32,
    /// Bottom-left pixel, y (up).
    pub y: i32,
    /// Velocity, 1/256 px per frame.
    pub vx: i32,
    /// Velocity, 1/256 px per frame.
    pub vy: i32,
    /// Box width, px.
    pub w: i32,
    /// Box height, px.
    pub h: i32,
    /// Sub-pixel remainder, 1/256 px.
    pub rem_x: i32,
    /// Sub-pixel remainder, 1/256 px.
    pub rem_y: i32,
    /// As [`ActorSettings::wall_height`].
    pub wall_height: i32,
    /// As [`ActorSettings::corner_correction`].
    pub corner_correction: i32,
    /// Standing on something.
    pub on_ground: bool,
    /// A step left was refused this frame.
    pub pushing_left: bool,
    /// A step right was refused this frame.
    pub pushing_right: bool,
    /// A step up was refused this frame.
    pub on_ceiling: bool,
}

impl Body {
    /// A body with the box (x, y, w, h) and the runtime's default settings, at rest.
    pub fn new(x: i32, y: i32, w: u16, h: u16) -> Body {
        let s = ActorSettings::default();
        Body {
            x,
            y,
            vx: 0,
            vy: 0,
            w: i32::from(w),
            h: i32::from(h),
            rem_x: 0,
            rem_y: 0,
            wall_height: i32::from(s.wall_height),
            corner_correction: i32::from(s.corner_correction),
            on_ground: false,
            pushing_left: false,
            pushing_right: false,
            on_ceiling: false,
        }
    }

    /// The box, inclusive edges.
    #[inline]
    pub fn rect(&self) -> Rect {
        Rect {
            x0: self.x,
            y0: self.y,
            x1: self.x + self.w - 1,
            y1: self.y + self.h - 1,
        }
    }
}

/// An engine's collision tests, one strip of pixels at a time. Solid cells block with
/// their pixels. One-way cells meet only a box's feet (its bottom row): with `feet =
/// Some(from)` (the box before the step) they block unless `from`'s bottom row was already
/// inside them; with `None` (any other pixel, moves that ignore them) they never block.
/// The movement rules ([`Probe::step`]) are provided.
pub trait Probe {
    /// Whether column `x`, rows `y0..=y1`, is free; `feet` applies to the bottom pixel only.
    fn column_free(&self, x: i32, y0: i32, y1: i32, feet: Option<&Rect>) -> bool;

    /// Whether row `y`, columns `x0..=x1`, is free; `feet` applies to every pixel.
    fn row_free(&self, x0: i32, x1: i32, y: i32, feet: Option<&Rect>) -> bool;

    /// Whether row `y`, columns `x0..=x1`, holds no one-way pixel that meets feet coming
    /// from `from` (solid pixels there are known to be free).
    fn feet_free(&self, x0: i32, x1: i32, y: i32, from: &Rect) -> bool;

    /// Whether row `y`, columns `x0..=x1`, covers a solid pixel of a shape cell (not of a
    /// full one, nor outside the level): a sloped ceiling.
    fn row_sloped(&self, x0: i32, x1: i32, y: i32) -> bool;

    /// One frame of `b`'s movement by its velocity; updates its contacts.
    fn step(&self, b: &mut Body)
    where
        Self: Sized,
    {
        b.vx = b.vx.clamp(-MAX_SPEED, MAX_SPEED);
        b.vy = b.vy.clamp(-MAX_SPEED, MAX_SPEED);
        let (dx, rem_x) = split(b.rem_x, b.vx);
        let (dy, rem_y) = split(b.rem_y, b.vy);
        b.rem_x = rem_x;
        b.rem_y = rem_y;
        let (blocked_x, blocked_y) = sweep(self, b, dx, dy, b.vy > 0);
        if blocked_x {
            b.vx = 0;
            b.rem_x = 0;
        }
        if blocked_y {
            b.vy = 0;
            b.rem_y = 0;
        }
    }
}

/// Velocity plus remainder, in whole pixels and a new remainder (1/256 px).
#[inline]
fn split(rem: i32, v: i32) -> (i32, i32) {
    let total = rem + v;
    (total.div_euclid(SUBPIXEL), total.rem_euclid(SUBPIXEL))
}

/// Whether the next pixel step of a move of (ax, ay) px, `done_x` and `done_y` of them
/// taken, goes sideways: the x step's midpoint comes first (ties go to x). Exact in 32
/// bits: a frame moves at most `MAX_SPEED / SUBPIXEL` = 64 px (plus one from the
/// remainder) per axis, so each product is below 2¹⁵.
#[inline]
fn x_behind(done_x: u32, done_y: u32, ax: u32, ay: u32) -> bool {
    (2 * done_x + 1) * ay <= (2 * done_y + 1) * ax
}

/// The frame's pixel steps, x and y interleaved in proportion, then the contacts.
/// `rising`: moving up by velocity (no sticking, and no ground if it rose).
fn sweep<P: Probe>(p: &P, b: &mut Body, dx: i32, dy: i32, rising: bool) -> (bool, bool) {
    let start_y = b.y;
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    let sx = if dx < 0 { -1 } else { 1 };
    let up = dy > 0;
    let mut grounded = b.on_ground;
    let (mut done_x, mut done_y) = (0u32, 0u32);
    let (mut blocked_x, mut blocked_y) = (false, false);
    while done_x < ax || done_y < ay {
        if done_x < ax && (done_y >= ay || x_behind(done_x, done_y, ax, ay)) {
            done_x += 1;
            match sideways(p, b, sx, grounded, rising) {
                Some(g) => grounded = g,
                None => {
                    blocked_x = true;
                    done_x = ax;
                }
            }
        } else {
            done_y += 1;
            if vertical(p, b, up) {
                grounded = false;
            } else {
                grounded |= !up;
                blocked_y = true;
                done_y = ay;
            }
        }
    }
    // Contacts: what the steps ran into; after them only the ground under the feet is read.
    let r = b.rect();
    let rose = rising && b.y > start_y;
    b.on_ground = if grounded {
        !rose
    } else {
        // A fall that ends touching the ground, or a refused jump that also moved sideways:
        // what the next step down would test.
        !rose && !p.row_free(r.x0, r.x1, r.y0 - 1, Some(&r))
    };
    b.pushing_left = blocked_x && sx < 0;
    b.pushing_right = blocked_x && sx > 0;
    b.on_ceiling = blocked_y && up;
    (blocked_x, blocked_y)
}

/// One pixel sideways (`s` = ±1), then up or down as [`lift`] says; `None`: a wall.
fn sideways<P: Probe>(p: &P, b: &mut Body, s: i32, grounded: bool, rising: bool) -> Option<bool> {
    let lift = lift(p, b, s, grounded, rising)?;
    b.x += s;
    b.y += lift;
    Some(match lift {
        0 => stick(p, b, grounded && !rising),
        k if k > 0 => grounded,
        _ => false,
    })
}

/// Whether a step sideways is possible, and how far up (> 0: a rise lower than the wall
/// height) or down (< 0: under a sloped ceiling, falling) it takes the box. Each case
/// tests only the pixels the box moved by (s, k) has that the old box, and the rows
/// already tested, do not.
fn lift<P: Probe>(p: &P, b: &Body, s: i32, grounded: bool, rising: bool) -> Option<i32> {
    let here = b.rect();
    let lead = if s > 0 { here.x1 + 1 } else { here.x0 - 1 };
    if p.column_free(lead, here.y0, here.y1, Some(&here)) {
        return Some(0);
    }
    let climb = (b.wall_height - 1).max(0);
    // Up k px: the head row above the old box must be free (no corner cutting); the
    // leading column is new, and the rest of the feet row may now be in a one-way cell.
    let (x0, x1) = if s > 0 {
        (here.x0 + 1, here.x1)
    } else {
        (here.x0, here.x1 - 1)
    };
    for k in 1..=climb {
        if !p.row_free(here.x0, here.x1, here.y1 + k, None) {
            break;
        }
        if p.column_free(lead, here.y0 + k, here.y1 + k, Some(&here))
            && p.feet_free(x0, x1, here.y0 + k, &here)
        {
            return Some(k);
        }
    }
    if !grounded && !rising {
        // Down k px: the rows below the old box must be free; then the leading column.
        for k in 1..=climb {
            if !p.row_free(here.x0, here.x1, here.y0 - k, Some(&here)) {
                break;
            }
            if p.column_free(lead, here.y0 - k, here.y1 - k, Some(&here)) {
                return Some(-k);
            }
        }
    }
    // One-way cells never make walls.
    p.column_free(lead, here.y0, here.y1, None).then_some(0)
}

/// Grounded after a step sideways: pull down onto ground less than a wall height below.
fn stick<P: Probe>(p: &P, b: &mut Body, was_grounded: bool) -> bool {
    if !was_grounded {
        return false;
    }
    let here = b.rect();
    // At least the row right below: a wall height of 0 sticks to nothing, as 1, but still
    // stands on a floor.
    let reach = b.wall_height.max(1);
    let mut drop = reach;
    for k in 0..reach {
        if !p.row_free(here.x0, here.x1, here.y0 - 1 - k, Some(&here)) {
            drop = k;
            break;
        }
    }
    if drop == 0 {
        return true;
    }
    if drop < reach {
        b.y -= drop;
        return true;
    }
    false
}

/// One pixel up or down; whether it moved.
fn vertical<P: Probe>(p: &P, b: &mut Body, up: bool) -> bool {
    let here = b.rect();
    if up {
        if p.row_free(here.x0, here.x1, here.y1 + 1, None) {
            b.y += 1;
            return true;
        }
        slide_past_ceiling(p, b, &here)
    } else if p.row_free(here.x0, here.x1, here.y0 - 1, Some(&here)) {
        b.y -= 1;
        true
    } else {
        false
    }
}

/// Blocked going up: the least sideways shift (preferring the walking side) that frees the
/// way: up to `wall_height - 1` px along a sloped ceiling (the row above covers a solid
/// pixel of a shape cell; the actors keep the default `ceiling_slide`), else up to
/// `corner_correction` px past a block's corner.
fn slide_past_ceiling<P: Probe>(p: &P, b: &mut Body, here: &Rect) -> bool {
    let limit = if p.row_sloped(here.x0, here.x1, here.y1 + 1) {
        b.wall_height - 1
    } else {
        b.corner_correction
    };
    let sides = if b.vx < 0 { [-1, 1] } else { [1, -1] };
    let mut best: Option<(i32, i32)> = None;
    for s in sides {
        for k in 1..=limit {
            let lead = if s > 0 { here.x1 + k } else { here.x0 - k };
            if !p.column_free(lead, here.y0, here.y1, None) {
                break;
            }
            if p.row_free(here.x0 + s * k, here.x1 + s * k, here.y1 + 1, None) {
                if best.is_none_or(|(bk, _)| k < bk) {
                    best = Some((k, s));
                }
                break;
            }
        }
    }
    match best {
        Some((k, s)) => {
            b.x += s * k;
            b.y += 1;
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::x_behind;

    /// The 32-bit midpoint test agrees with the same test in 64 bits over every move a
    /// frame can make.
    #[test]
    fn x_behind_is_exact_in_32_bits() {
        for ax in 0..=65u32 {
            for ay in 0..=65u32 {
                for dx in 0..=ax {
                    for dy in 0..=ay {
                        let wide = u64::from(2 * dx + 1) * u64::from(ay)
                            <= u64::from(2 * dy + 1) * u64::from(ax);
                        assert_eq!(x_behind(dx, dy, ax, ay), wide);
                    }
                }
            }
        }
    }
}
