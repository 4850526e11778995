//! The offset spec (`slope-runtime/docs/offsets.md`), written literally: the brute-force reference
//! every packed lookup is compared against. Deliberately naive in structure; only `hit` is
//! sped up, by a 2D prefix count, which still answers exactly "is a solid pixel in range".
#![allow(dead_code)]

/// The eight values, in the spec's CSV column order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RefOffsets {
    pub free_left: i32,
    pub free_right: i32,
    pub free_down: i32,
    pub free_up: i32,
    pub colliding_left: i32,
    pub colliding_right: i32,
    pub colliding_bottom: i32,
    pub colliding_top: i32,
}

/// A solid mask with a prefix count, y up.
pub struct RefTile {
    pub n: i32,
    /// `count[(y) * (n+1) + x]` = solid pixels in columns < x, rows < y.
    count: Vec<u32>,
}

impl RefTile {
    pub fn new(n: usize, solid: impl Fn(usize, usize) -> bool) -> RefTile {
        let stride = n + 1;
        let mut count = vec![0u32; stride * stride];
        for y in 0..n {
            for x in 0..n {
                count[(y + 1) * stride + x + 1] =
                    count[y * stride + x + 1] + count[(y + 1) * stride + x] - count[y * stride + x]
                        + u32::from(solid(x, y));
            }
        }
        RefTile { n: n as i32, count }
    }

    /// The spec's `hit(x0..=x1, y0..=y1)`: a solid pixel with max(x0,0) ≤ px ≤ min(x1,N-1)
    /// and max(y0,0) ≤ py ≤ min(y1,N-1); an empty range is false.
    pub fn hit(&self, x0: i32, x1: i32, y0: i32, y1: i32) -> bool {
        let (x0, x1) = (x0.max(0), x1.min(self.n - 1));
        let (y0, y1) = (y0.max(0), y1.min(self.n - 1));
        if x0 > x1 || y0 > y1 {
            return false;
        }
        let s = (self.n + 1) as usize;
        let at = |x: i32, y: i32| self.count[y as usize * s + x as usize];
        at(x1 + 1, y1 + 1) + at(x0, y0) - at(x0, y1 + 1) - at(x1 + 1, y0) > 0
    }

    /// The spec's eight values for overlap (x, y, w, h), step by step.
    pub fn offsets(&self, x: i32, y: i32, w: i32, h: i32) -> RefOffsets {
        let n = self.n;
        let colliding = self.hit(x, x + w, y, y + h);
        let up = |k: i32| self.hit(x, x + w, y + k, y + h + k);
        let down = |k: i32| self.hit(x, x + w, y - k, y + h - k);
        let right = |k: i32| self.hit(x + k, x + w + k, y, y + h);
        let left = |k: i32| self.hit(x - k, x + w - k, y, y + h);
        let (exit_up, exit_down, exit_right, exit_left) = (n - y, y + h + 1, n - x, x + w + 1);
        let first = |limit: i32, f: &dyn Fn(i32) -> bool| (1..=limit).find(|&k| f(k));
        if colliding {
            let free_up = first(exit_up, &|k| !up(k)).expect("moving out of the tile frees");
            let free_down = -first(exit_down, &|k| !down(k)).expect("exit frees");
            let free_right = first(exit_right, &|k| !right(k)).expect("exit frees");
            let free_left = -first(exit_left, &|k| !left(k)).expect("exit frees");
            RefOffsets {
                free_left,
                free_right,
                free_down,
                free_up,
                colliding_left: free_right,
                colliding_right: free_left,
                colliding_bottom: free_up,
                colliding_top: free_down,
            }
        } else {
            RefOffsets {
                colliding_top: first(exit_up, &up).unwrap_or(exit_up) - 1,
                colliding_bottom: -(first(exit_down, &down).unwrap_or(exit_down) - 1),
                colliding_right: first(exit_right, &right).unwrap_or(exit_right) - 1,
                colliding_left: -(first(exit_left, &left).unwrap_or(exit_left) - 1),
                ..RefOffsets::default()
            }
        }
    }
}

/// The spec's variant picture: rotate 90° clockwise (V(x,y) = B(N-1-y, x)), then mirror X
/// (V(x,y) = B(N-1-x, y)), then mirror Y (V(x,y) = B(x, N-1-y)); `index` is the enum order
/// none, FX, FY, FXY, F90, F90X, F90Y, F90XY.
pub fn variant_pixel(
    base: &dyn Fn(usize, usize) -> bool,
    n: usize,
    index: u8,
    x: usize,
    y: usize,
) -> bool {
    let (rotate, flip_x, flip_y) = (index & 4 != 0, index & 1 != 0, index & 2 != 0);
    // Undo the last step first: V3(x,y) = V2(x, N-1-y), V2(x,y) = V1(N-1-x, y), V1(x,y) = B(N-1-y, x).
    let y = if flip_y { n - 1 - y } else { y };
    let x = if flip_x { n - 1 - x } else { x };
    if rotate {
        base(n - 1 - y, x)
    } else {
        base(x, y)
    }
}
