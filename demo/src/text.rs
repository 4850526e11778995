//! The level and its actors drawn with characters, one character for a block of pixels.
//!
//! ```text
//! legend: @ actor  _ moving platform  # solid  = one-way  : partly solid
//!         (one character: 4×8 px)
//! ```

use slope_runtime::{Actor, Platform, Tables, TileMap};

use crate::scene::solid_pixel;

/// How many pixels one character covers: `width`×`height` (terminal cells are about
/// twice as tall as wide, so blocks are too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Pixels across.
    pub width: i32,
    /// Pixels down.
    pub height: i32,
}

impl Block {
    /// The full-width drawing: 4×8 pixels a character (120 columns for the demo level).
    pub const FULL: Block = Block {
        width: 4,
        height: 8,
    };
    /// The 80-column drawing: 6×12 pixels a character (80 columns for the demo level).
    pub const COMPACT: Block = Block {
        width: 6,
        height: 12,
    };

    /// The block for a terminal `columns` wide showing a level `level_width` pixels wide:
    /// full width when it fits, else 80 columns.
    pub fn for_terminal(columns: usize, level_width: i32) -> Block {
        let full = usize::try_from(level_width / Block::FULL.width).unwrap_or(usize::MAX);
        if columns >= full {
            Block::FULL
        } else {
            Block::COMPACT
        }
    }
}

/// The terminal's width from the `COLUMNS` environment variable's value; 80 when it is
/// unset or not a number.
pub fn terminal_columns(columns: Option<&str>) -> usize {
    columns
        .and_then(|c| c.trim().parse().ok())
        .filter(|&c| c > 0)
        .unwrap_or(80)
}

/// What each character means, for a drawing at `block`: two lines, each under 80 columns,
/// without a final newline.
pub fn legend(block: Block) -> String {
    format!(
        "legend: @ actor  _ moving platform  # solid  = one-way  : partly solid\n        \
         (one character: {}×{} px)",
        block.width, block.height
    )
}

/// The level's pixels as characters, made once: `#` more than half solid, `=` more than
/// half solid and mostly one-way, `:` partly solid, ` ` air. A character is blank iff no
/// pixel of its block is solid.
#[derive(Clone, Debug)]
pub struct Screen {
    block: Block,
    columns: usize,
    /// Top row first.
    rows: Vec<Vec<char>>,
}

impl Screen {
    /// Draws the `width`×`height` pixels of `map` from (0, 0) up, in characters of `block`.
    pub fn new(
        tables: &Tables<'_>,
        map: &impl TileMap,
        width: i32,
        height: i32,
        block: Block,
    ) -> Screen {
        let columns = (width / block.width).max(0) as usize;
        let rows = (0..height / block.height)
            .rev()
            .map(|row| {
                (0..columns as i32)
                    .map(|col| {
                        let (x0, y0) = (col * block.width, row * block.height);
                        let (mut solid, mut one_way) = (0, 0);
                        for y in y0..y0 + block.height {
                            for x in x0..x0 + block.width {
                                if let Some(ow) = solid_pixel(tables, map, x, y) {
                                    solid += 1;
                                    one_way += i32::from(ow);
                                }
                            }
                        }
                        let half = block.width * block.height / 2;
                        match solid {
                            0 => ' ',
                            s if s > half && one_way * 2 > s => '=',
                            s if s > half => '#',
                            _ => ':',
                        }
                    })
                    .collect()
            })
            .collect();
        Screen {
            block,
            columns,
            rows,
        }
    }

    /// The block each character covers.
    pub fn block(&self) -> Block {
        self.block
    }

    /// Characters across.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The drawing with `platforms` (`_`) and `actors` (`@`) over it, a line per row, top
    /// row first, each ending in `\n`.
    pub fn draw(&self, platforms: &[Platform], actors: &[Actor]) -> String {
        let (bw, bh) = (self.block.width, self.block.height);
        let covers = |(x0, y0, x1, y1): (i32, i32, i32, i32), col: i32, row: i32| {
            let (cx, cy) = (col * bw, row * bh);
            cx <= x1 && cx + bw > x0 && cy <= y1 && cy + bh > y0
        };
        let top = self.rows.len() as i32 - 1;
        let mut s = String::with_capacity((self.columns + 1) * self.rows.len());
        for (r, line) in self.rows.iter().enumerate() {
            let row = top - r as i32;
            for (col, &ch) in line.iter().enumerate() {
                let col = col as i32;
                s.push(if actors.iter().any(|a| covers(a.bounds(), col, row)) {
                    '@'
                } else if platforms.iter().any(|p| covers(p.bounds(), col, row)) {
                    '_'
                } else {
                    ch
                });
            }
            s.push('\n');
        }
        s
    }
}
