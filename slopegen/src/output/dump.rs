//! `slopegen dump`: the spec's CSV, read back through `slope-runtime`'s lookup.

use std::io::{self, Write};

use slope_runtime::{Overlap, ShapeId, Tables, Variant};

/// The CSV header of the offset contract ([`slope_runtime::spec`], "The dump format").
pub const CSV_HEADER: &str = "shape,transform,x,y,w,h,free_left,free_right,free_down,free_up,colliding_left,colliding_right,colliding_bottom,colliding_top";

/// The most rows `slopegen dump` writes for a whole blob unless asked for more (with
/// `--all`, or by naming the shapes with `--shape`): about 45 MB of CSV. A whole 16-px blob
/// of 12 shapes is 6,291,456 rows; one of 2,000 32-px shapes, 16,777,216,000.
#[cfg(feature = "cli")]
pub const DEFAULT_MAX_ROWS: u64 = 1_000_000;

/// The rows of a dump of `shapes` shapes in `variants` variants each, tiles of `tile_size`
/// pixels: one per overlap, N⁴ per shape and variant (the header not counted).
#[cfg(feature = "cli")]
pub fn row_count(tile_size: u8, shapes: usize, variants: usize) -> u64 {
    let n = u64::from(tile_size);
    (shapes as u64)
        .saturating_mul(variants as u64)
        .saturating_mul(n * n * n * n)
}

/// Writes the header, then one row per overlap (x, then y, w, h, each 0..N) for each
/// shape and variant given, in the order given. Values come from [`slope_runtime::Shape::offsets`],
/// the path firmware uses, not from the generator.
///
/// ```
/// # let blob = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin")).unwrap();
/// use slope_runtime::{Tables, Variant};
///
/// let tables = Tables::from_bytes(&blob).unwrap();
/// let full = tables.find("full").unwrap();
/// let mut csv = Vec::new();
/// slopegen::dump_csv(&tables, &[full], &[Variant::Identity], &mut csv).unwrap();
/// let csv = String::from_utf8(csv).unwrap();
/// assert_eq!(csv.lines().count(), 1 + 16 * 16 * 16 * 16);
/// assert_eq!(csv.lines().nth(1), Some("full,none,0,0,0,0,-1,16,-1,16,16,-1,16,-1"));
/// ```
pub fn dump_csv(
    tables: &Tables<'_>,
    shapes: &[ShapeId],
    variants: &[Variant],
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "{CSV_HEADER}")?;
    let n = tables.tile_size();
    for &id in shapes {
        let (Some(shape), Some(name)) = (tables.shape(id), tables.name(id)) else {
            continue;
        };
        for &variant in variants {
            let prefix = format!("{},{variant}", csv_field(name));
            for x in 0..n {
                for y in 0..n {
                    for w in 0..n {
                        for h in 0..n {
                            let o = shape.offsets(variant, Overlap::new(x, y, w, h));
                            write!(out, "{prefix},{x},{y},{w},{h}")?;
                            for v in o.to_array() {
                                write!(out, ",{v}")?;
                            }
                            writeln!(out)?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// A CSV field, quoted (RFC 4180) when it holds a comma, quote or line break.
fn csv_field(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\"")).into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    #[cfg(feature = "cli")]
    #[test]
    fn a_whole_default_blob_is_six_million_rows() {
        assert_eq!(super::row_count(16, 12, 8), 6_291_456);
        assert_eq!(super::row_count(64, usize::MAX, 8), u64::MAX);
    }

    #[test]
    fn fields_are_quoted_only_when_needed() {
        assert_eq!(super::csv_field("slope45"), "slope45");
        assert_eq!(super::csv_field("a,b"), "\"a,b\"");
        assert_eq!(super::csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
