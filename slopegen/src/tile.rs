//! One tile: a PNG file turned into a [`Bitmap`], and its names.
//!
//! `image` types stop here: the rest of the pipeline sees only [`Bitmap`].

use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::{DynamicImage, ImageFormat, ImageReader};

use crate::{Bitmap, Error, Result};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A tile read from disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The shape's name: the PNG file stem, as is.
    pub name: String,
    /// The Rust constant for its id (see [`constant_name`]).
    pub constant: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// Its solid pixels.
    pub bitmap: Bitmap,
}

/// The Rust constant for a shape name: upper-cased, every character outside `A-Z0-9`
/// turned into `_`, and a leading `_` if it starts with a digit.
///
/// ```
/// assert_eq!(slopegen::constant_name("slope22_1"), "SLOPE22_1");
/// assert_eq!(slopegen::constant_name("Slope 45"), "SLOPE_45");
/// assert_eq!(slopegen::constant_name("45°"), "_45_");
/// ```
pub fn constant_name(name: &str) -> String {
    let mut ident: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    if ident.starts_with(|c: char| c.is_ascii_digit()) {
        ident.insert(0, '_');
    }
    ident
}

/// Reads one tile: decodes the PNG and applies the spec's solid rule.
pub fn read_tile(path: &Path) -> Result<Tile> {
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| Error::BadName {
            path: path.to_owned(),
            problem: "file name is not valid UTF-8",
        })?
        .to_owned();
    if name.len() > 255 {
        return Err(Error::BadName {
            path: path.to_owned(),
            problem: "file name is longer than 255 bytes",
        });
    }
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    let bitmap = decode_png(&bytes).map_err(|e| e.at(path))?;
    Ok(Tile {
        constant: constant_name(&name),
        name,
        path: path.to_owned(),
        bitmap,
    })
}

/// Why a PNG was refused, before the path is attached.
#[derive(Debug)]
pub(crate) enum PngProblem {
    Invalid(String),
    NotSquare(u32, u32),
    BadSize(u32),
}

impl PngProblem {
    pub(crate) fn at(self, path: &Path) -> Error {
        let path = path.to_owned();
        match self {
            PngProblem::Invalid(reason) => Error::BadPng { path, reason },
            PngProblem::NotSquare(width, height) => Error::NotSquare {
                path,
                width,
                height,
            },
            PngProblem::BadSize(size) => Error::BadSize { path, size },
        }
    }
}

/// PNG bytes → solid mask, by the spec's rule.
pub(crate) fn decode_png(bytes: &[u8]) -> Result<Bitmap, PngProblem> {
    if !bytes.starts_with(PNG_SIGNATURE) {
        return Err(PngProblem::Invalid(
            "the file does not start with the PNG signature".into(),
        ));
    }
    let reader = || ImageReader::with_format(Cursor::new(bytes), ImageFormat::Png);
    // Check the header's size before decoding, so a huge image is refused cheaply.
    let (width, height) = reader()
        .into_dimensions()
        .map_err(|e| PngProblem::Invalid(e.to_string()))?;
    if width != height {
        return Err(PngProblem::NotSquare(width, height));
    }
    let n = u8::try_from(width)
        .ok()
        .filter(|n| (4..=64).contains(n))
        .ok_or(PngProblem::BadSize(width))?;
    let image = reader()
        .decode()
        .map_err(|e| PngProblem::Invalid(e.to_string()))?;
    Ok(solid_mask(&image, n))
}

/// Alpha ≥ 128 is solid when the image has alpha and uses it (some alpha < 128);
/// otherwise luma < 128 is solid. 16-bit samples count by their high byte.
fn solid_mask(image: &DynamicImage, n: u8) -> Bitmap {
    // `to_rgba16` widens 8-bit samples exactly (v·257), so `>> 8` gives back the 8-bit value
    // for 8-bit images and the high byte for 16-bit ones. The PNG decoder expands palettes,
    // and turns a tRNS chunk into an alpha channel.
    let rgba = image.to_rgba16();
    let uses_alpha = image.color().has_alpha() && rgba.pixels().any(|p| p.0[3] >> 8 < 128);
    let last = u32::from(n) - 1;
    Bitmap::from_fn(n, |x, y| {
        let [r, g, b, a] = rgba
            .get_pixel(u32::from(x), last - u32::from(y))
            .0
            .map(|v| v >> 8);
        if uses_alpha {
            a >= 128
        } else {
            (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000 < 128
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Luma, LumaA, Rgb, Rgba};

    fn encode(image: DynamicImage) -> Vec<u8> {
        let mut bytes = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        bytes
    }

    #[test]
    fn black_on_white_grey() {
        let img = ImageBuffer::from_fn(4, 4, |x, y| {
            Luma([if x == 0 && y == 3 { 0u8 } else { 255 }])
        });
        let bm = decode_png(&encode(img.into())).unwrap();
        // PNG row 3 is y = 0
        assert!(bm.get(0, 0));
        assert_eq!(bm.columns().iter().map(|c| c.count_ones()).sum::<u32>(), 1);
    }

    #[test]
    fn luma_threshold_uses_rec601_weights() {
        // pure green: luma = 587·255/1000 = 149 → not solid; pure red: 76 → solid
        let img = ImageBuffer::from_fn(4, 4, |x, _| {
            if x == 0 {
                Rgb([255u8, 0, 0])
            } else {
                Rgb([0, 255, 0])
            }
        });
        let bm = decode_png(&encode(img.into())).unwrap();
        assert!(bm.get(0, 2) && !bm.get(1, 2));
    }

    #[test]
    fn alpha_decides_when_used() {
        // white but opaque pixels are solid; black but transparent ones are not
        let img = ImageBuffer::from_fn(4, 4, |x, _| {
            if x < 2 {
                Rgba([255u8, 255, 255, 255])
            } else {
                Rgba([0, 0, 0, 0])
            }
        });
        let bm = decode_png(&encode(img.into())).unwrap();
        assert!(bm.get(0, 0) && bm.get(1, 3) && !bm.get(2, 0) && !bm.get(3, 3));
    }

    #[test]
    fn opaque_alpha_falls_back_to_luma() {
        let img = ImageBuffer::from_fn(4, 4, |x, _| LumaA([if x == 3 { 10u8 } else { 240 }, 255]));
        let bm = decode_png(&encode(img.into())).unwrap();
        assert!(bm.get(3, 0) && !bm.get(0, 0));
    }

    #[test]
    fn sixteen_bit_samples_use_the_high_byte() {
        // 0x7FFF: high byte 127 → solid; 0x8000: 128 → not solid
        let img =
            ImageBuffer::from_fn(4, 4, |x, _| Luma([if x == 0 { 0x7FFFu16 } else { 0x8000 }]));
        let bm = decode_png(&encode(DynamicImage::ImageLuma16(img))).unwrap();
        assert!(bm.get(0, 1) && !bm.get(1, 1));
    }

    #[test]
    fn sizes_and_signature_are_checked() {
        let img = |w, h| encode(DynamicImage::new_luma8(w, h));
        assert!(matches!(
            decode_png(&img(4, 5)),
            Err(PngProblem::NotSquare(4, 5))
        ));
        assert!(matches!(
            decode_png(&img(3, 3)),
            Err(PngProblem::BadSize(3))
        ));
        assert!(matches!(
            decode_png(&img(65, 65)),
            Err(PngProblem::BadSize(65))
        ));
        assert!(matches!(decode_png(b"GIF89a"), Err(PngProblem::Invalid(_))));
        let full = img(8, 8);
        assert!(matches!(
            decode_png(&full[..full.len() - 20]),
            Err(PngProblem::Invalid(_))
        ));
    }
}
