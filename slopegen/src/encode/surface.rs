//! Surface angles: per column, the slope of the top surface as a byte (256 = a full turn).
//!
//! A pixel staircase changes height only at its *risers*. Reading the angle column by
//! column would make a 22.5° piece flicker between 0° and 45°, so the angle is read from
//! the risers instead: consecutive risers of the same sign, evenly spaced (gaps within one
//! pixel of each other) and evenly sized (rises within one pixel of each other), form a
//! *ramp*, and every column of the ramp, including the tread before its first riser and
//! after its last, gets the ramp's angle: total rise over run between its first and last
//! riser. Columns outside every ramp are flat (0). A ramp needs two risers inside the tile.
//!
//! ```text
//! heights 1 1 2 2 3 3 4 4 …   risers at x = 2, 4, 6, …  rise 1, run 2 → atan(1/2) → 19
//! heights 1 2 3 … 16          risers at every x        rise 1, run 1 → 45°        → 32
//! ```

/// The angle byte of each column of a height profile (heights from [`crate::Bitmap::heights`]).
///
/// ```
/// let staircase = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8];
/// assert_eq!(slopegen::angles(&staircase), vec![19; 16]);
/// let bump = [1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1];
/// assert_eq!(slopegen::angles(&bump)[..8], [32; 8]);
/// assert_eq!(slopegen::angles(&bump)[8..], [224; 8]);
/// ```
pub fn angles(heights: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; heights.len()];
    let mut claimed = vec![false; heights.len()];
    for ramp in ramps(&risers(heights)) {
        let angle = ramp.angle();
        let gap = ramp.lead_gap();
        // Columns from the first riser on belong to this ramp; the tread before it only
        // where no earlier ramp already claimed the column.
        let from = ramp.first.saturating_sub(gap);
        let to = (ramp.last + ramp.trail_gap()).min(heights.len());
        for x in from..to {
            if x >= ramp.first || !claimed[x] {
                out[x] = angle;
                claimed[x] = true;
            }
        }
    }
    out
}

/// A column where the height changes: `x` differs from `x - 1` by `rise`.
#[derive(Clone, Copy, Debug)]
struct Riser {
    x: usize,
    rise: i32,
}

fn risers(heights: &[u8]) -> Vec<Riser> {
    heights
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[0] != w[1])
        .map(|(i, w)| Riser {
            x: i + 1,
            rise: i32::from(w[1]) - i32::from(w[0]),
        })
        .collect()
}

/// A run of evenly spaced, evenly sized risers of one sign.
#[derive(Clone, Debug)]
struct Ramp {
    first: usize,
    last: usize,
    /// Total rise of the risers after the first (the rise over `last - first`).
    rise_after_first: i32,
    gaps: (usize, usize),
}

impl Ramp {
    fn angle(&self) -> u8 {
        let run = (self.last - self.first) as f64;
        let turns = f64::from(self.rise_after_first).atan2(run) / std::f64::consts::TAU;
        ((turns * 256.0).round() as i64).rem_euclid(256) as u8
    }

    /// The tread before the first riser is as wide as the widest gap.
    fn lead_gap(&self) -> usize {
        self.gaps.1
    }

    /// The tread after the last riser, the last riser's own column included.
    fn trail_gap(&self) -> usize {
        self.gaps.1
    }
}

fn ramps(risers: &[Riser]) -> Vec<Ramp> {
    let mut ramps = Vec::new();
    let mut i = 0;
    while i < risers.len() {
        let start = risers[i];
        let (mut rises, mut gaps) = ((start.rise.abs(), start.rise.abs()), (usize::MAX, 0));
        let mut j = i + 1;
        while let Some(next) = risers.get(j) {
            let prev = risers[j - 1];
            let gap = next.x - prev.x;
            let new_rises = (rises.0.min(next.rise.abs()), rises.1.max(next.rise.abs()));
            let new_gaps = (gaps.0.min(gap), gaps.1.max(gap));
            let even = new_rises.1 - new_rises.0 <= 1 && new_gaps.1 - new_gaps.0 <= 1;
            if next.rise.signum() != start.rise.signum() || !even {
                break;
            }
            (rises, gaps) = (new_rises, new_gaps);
            j += 1;
        }
        if j - i >= 2 {
            let run = &risers[i..j];
            ramps.push(Ramp {
                first: start.x,
                last: run[run.len() - 1].x,
                rise_after_first: run[1..].iter().map(|r| r.rise).sum(),
                gaps,
            });
        }
        i = j;
    }
    ramps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn byte(deg: f64) -> u8 {
        ((deg / 360.0 * 256.0).round() as i64).rem_euclid(256) as u8
    }

    #[test]
    fn default_staircases_have_one_angle() {
        let cases: [(&[u8], u8); 6] = [
            (&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], 32),
            (
                &[9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16],
                byte(26.565),
            ),
            (
                &[1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6],
                byte(18.435),
            ),
            (
                &[6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11],
                byte(18.435),
            ),
            (
                &[
                    11, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15, 15, 15, 16, 16, 16,
                ],
                byte(18.435),
            ),
            (
                &[5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8],
                byte(14.036),
            ),
        ];
        for (heights, expect) in cases {
            assert_eq!(angles(heights), vec![expect; 16], "{heights:?}");
        }
    }

    #[test]
    fn flat_and_single_steps_are_flat() {
        assert_eq!(angles(&[16; 16]), vec![0; 16]);
        assert_eq!(angles(&[0; 8]), vec![0; 8]);
        assert_eq!(angles(&[4, 4, 4, 4, 9, 9, 9, 9]), vec![0; 8]);
    }

    #[test]
    fn steep_and_falling_ramps() {
        // a 22.5° slope rotated: falls 2 px per column, then the tile is empty
        let steep = [16, 14, 12, 10, 8, 6, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0];
        let got = angles(&steep);
        assert_eq!(got[..9], [byte(-63.435); 9]);
        assert_eq!(got[9..], [0; 7]);
        let falling: Vec<u8> = (1..=16).rev().collect();
        assert_eq!(angles(&falling), vec![224; 16]);
    }

    #[test]
    fn straight_ramps_mirror_exactly() {
        let profiles: [&[u8]; 3] = [
            &[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8],
            &[1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1],
            &[16, 14, 12, 10, 8, 6, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0],
        ];
        for heights in profiles {
            let mirrored: Vec<u8> = heights.iter().rev().copied().collect();
            let want: Vec<u8> = angles(heights)
                .iter()
                .rev()
                .map(|a| a.wrapping_neg())
                .collect();
            assert_eq!(angles(&mirrored), want, "{heights:?}");
        }
    }

    #[test]
    fn ramp_then_flat() {
        let h = [1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5];
        let got = angles(&h);
        assert_eq!(got[..5], [32; 5]);
        assert_eq!(got[5..], [0; 7]);
    }
}
