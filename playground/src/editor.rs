//! The tile being drawn: an N×N grid of pixels, painted with the mouse in strokes.

use slopegen::Bitmap;

/// An N×N drawing, y up like the tiles (pixel (0, 0) is the bottom-left one), and the
/// stroke in progress.
///
/// A stroke paints one value: the opposite of the pixel it starts on (so starting on an
/// empty pixel draws, starting on a solid one erases). Between two points of a stroke the
/// whole straight line is painted, so a fast mouse leaves no gaps.
///
/// ```
/// use playground::editor::Editor;
///
/// let mut e = Editor::new(16);
/// e.press(0, 0);
/// e.drag(3, 3); // a diagonal line, every pixel of it
/// e.release();
/// assert!((0..4).all(|i| e.get(i, i)));
/// assert!(!e.get(1, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    n: u8,
    /// One `u64` per column, bit y = pixel (x, y), as in [`Bitmap`].
    columns: Vec<u64>,
    /// The stroke in progress: its last point and the value it paints.
    stroke: Option<((i32, i32), bool)>,
}

impl Editor {
    /// An empty N×N drawing (N in 4..=64).
    pub fn new(n: u8) -> Editor {
        assert!((4..=64).contains(&n), "tile size {n} outside 4..=64");
        Editor {
            n,
            columns: vec![0; usize::from(n)],
            stroke: None,
        }
    }

    /// A drawing that starts as `bitmap`.
    pub fn from_bitmap(bitmap: &Bitmap) -> Editor {
        Editor {
            n: bitmap.size(),
            columns: bitmap.columns().to_vec(),
            stroke: None,
        }
    }

    /// N.
    pub fn size(&self) -> u8 {
        self.n
    }

    /// Whether pixel (x, y) is solid (false outside the grid).
    pub fn get(&self, x: i32, y: i32) -> bool {
        self.inside(x, y) && self.columns[x as usize] >> y & 1 == 1
    }

    /// Sets pixel (x, y); pixels outside the grid are ignored. Returns whether it changed.
    pub fn set(&mut self, x: i32, y: i32, solid: bool) -> bool {
        if !self.inside(x, y) || self.get(x, y) == solid {
            return false;
        }
        self.columns[x as usize] ^= 1 << y;
        true
    }

    /// Empties the grid.
    pub fn clear(&mut self) {
        self.columns.fill(0);
        self.stroke = None;
    }

    /// Replaces the drawing by `bitmap` (of the same size).
    pub fn load(&mut self, bitmap: &Bitmap) {
        assert_eq!(bitmap.size(), self.n, "a tile of another size");
        self.columns.copy_from_slice(bitmap.columns());
        self.stroke = None;
    }

    /// Starts a stroke at (x, y): paints the opposite of what is there. Returns whether a
    /// pixel changed.
    pub fn press(&mut self, x: i32, y: i32) -> bool {
        let value = !self.get(x, y);
        self.stroke = Some(((x, y), value));
        self.set(x, y, value)
    }

    /// Continues the stroke to (x, y), painting every pixel of the line from its last
    /// point. Without a stroke (the button is up) nothing happens. Returns whether a pixel
    /// changed.
    pub fn drag(&mut self, x: i32, y: i32) -> bool {
        let Some(((x0, y0), value)) = self.stroke else {
            return false;
        };
        let mut changed = false;
        for (px, py) in line((x0, y0), (x, y)) {
            changed |= self.set(px, py, value);
        }
        self.stroke = Some(((x, y), value));
        changed
    }

    /// Ends the stroke.
    pub fn release(&mut self) {
        self.stroke = None;
    }

    /// The drawing as a tile bitmap.
    pub fn bitmap(&self) -> Bitmap {
        Bitmap::from_fn(self.n, |x, y| self.columns[usize::from(x)] >> y & 1 == 1)
    }

    fn inside(&self, x: i32, y: i32) -> bool {
        let n = i32::from(self.n);
        (0..n).contains(&x) && (0..n).contains(&y)
    }
}

/// The pixels of the straight line from `a` to `b`, both included (Bresenham, integers only).
pub fn line(a: (i32, i32), b: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
    let (dx, dy) = ((b.0 - a.0).abs(), -(b.1 - a.1).abs());
    let (sx, sy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
    let mut p = Some(a);
    let mut err = dx + dy;
    std::iter::from_fn(move || {
        let here = p?;
        p = if here == b {
            None
        } else {
            let (mut x, mut y) = here;
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
            Some((x, y))
        };
        Some(here)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_has_every_pixel_once_and_both_ends() {
        for b in [(5, 2), (-3, 7), (0, 0), (4, -4), (-6, -1), (0, 9)] {
            let pts: Vec<_> = line((0, 0), b).collect();
            assert_eq!(pts.first(), Some(&(0, 0)));
            assert_eq!(pts.last(), Some(&b));
            assert_eq!(pts.len() as i32, b.0.abs().max(b.1.abs()) + 1, "{b:?}");
            for w in pts.windows(2) {
                let (d0, d1) = ((w[1].0 - w[0].0).abs(), (w[1].1 - w[0].1).abs());
                assert!(d0 <= 1 && d1 <= 1 && d0 + d1 > 0, "{w:?}");
            }
        }
    }

    #[test]
    fn a_stroke_paints_the_opposite_of_where_it_starts() {
        let mut e = Editor::new(8);
        assert!(e.press(2, 2));
        e.drag(5, 2);
        e.release();
        assert!((2..=5).all(|x| e.get(x, 2)));
        // starting on a solid pixel erases
        e.press(3, 2);
        e.drag(3, 2);
        e.drag(4, 2);
        e.release();
        assert!(e.get(2, 2) && !e.get(3, 2) && !e.get(4, 2) && e.get(5, 2));
        // dragging with the button up does nothing
        assert!(!e.drag(0, 0));
        assert!(!e.get(0, 0));
    }

    #[test]
    fn strokes_leaving_the_grid_paint_what_is_inside() {
        let mut e = Editor::new(4);
        e.press(-2, 1);
        e.drag(9, 1);
        e.release();
        assert!((0..4).all(|x| e.get(x, 1)));
        assert_eq!(e.bitmap().rows()[1], 0b1111);
        assert!(!e.get(4, 1) && !e.get(-1, 1));
    }

    #[test]
    fn the_bitmap_is_the_drawing_y_up() {
        let mut e = Editor::new(16);
        e.set(3, 0, true);
        e.set(15, 15, true);
        let b = e.bitmap();
        assert!(b.get(3, 0) && b.get(15, 15) && !b.get(0, 3));
        assert_eq!(Editor::from_bitmap(&b), e);
        e.clear();
        assert_eq!(e.bitmap(), Bitmap::from_fn(16, |_, _| false));
    }
}
