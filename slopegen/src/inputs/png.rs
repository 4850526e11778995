//! One tile: a PNG file turned into a [`Bitmap`], and its names.
//!
//! `image` types stop here: the rest of the pipeline sees only [`Bitmap`].

use std::io::{Cursor, Read as _};
use std::path::Path;

use image::DynamicImage;
use image::codecs::png::PngDecoder;

use crate::error::text::kind_of;
use crate::error::warning::{SolidRule, Warning};
use crate::error::{Error, Result};
use crate::model::bitmap::Bitmap;
use crate::model::tileset::{Tile, check_name, constant_name};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The most bytes a tile PNG may have (a 64×64 tile needs a few KiB; this leaves room for
/// metadata). A larger file is refused before it is read.
pub const MAX_PNG_BYTES: u64 = 16 << 20;

/// The most memory the PNG decoder may allocate for one tile (pixels, colour profile, text).
const MAX_DECODER_BYTES: u64 = 8 << 20;

/// Signature, IHDR length and type, width and height.
const HEADER_LEN: usize = 8 + 8 + 8;

/// Reads one tile: checks its name, opens it (regular files only), checks the PNG signature
/// and header before reading the rest, decodes it within a memory cap and applies the
/// spec's solid rule.
pub fn read_tile(path: &Path) -> Result<Tile> {
    read_tile_noting_air(path).map(|(tile, _)| tile)
}

/// [`read_tile`], and a [`Warning::EmptyTile`] if every pixel of the tile reads as air.
pub(crate) fn read_tile_noting_air(path: &Path) -> Result<(Tile, Option<Warning>)> {
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| bad_name(path, "the file name is not valid UTF-8".into()))?
        .to_owned();
    check_name(&name).map_err(|problem| bad_name(path, problem))?;
    let bytes = read_png_file(path)?;
    let (bitmap, rule) = decode_png(&bytes).map_err(|e| e.at(path))?;
    let empty = bitmap.columns().iter().all(|&c| c == 0);
    let warning = empty.then(|| Warning::EmptyTile {
        path: path.to_owned(),
        rule,
    });
    let tile = Tile {
        constant: constant_name(&name),
        name,
        path: path.to_owned(),
        bitmap,
    };
    Ok((tile, warning))
}

fn bad_name(path: &Path, problem: String) -> Error {
    Error::BadName {
        path: path.to_owned(),
        problem,
    }
}

/// The file's bytes: opened without blocking (a FIFO swapped in cannot hang the run),
/// checked to be a regular file of at most [`MAX_PNG_BYTES`], its header checked before
/// anything more is read.
fn read_png_file(path: &Path) -> Result<Vec<u8>> {
    read_png_checked(path, |bytes| header(bytes).map(|_| ()))
}

/// The file's bytes, `check` run on its first [`HEADER_LEN`] bytes before the rest is read.
fn read_png_checked(
    path: &Path,
    check: impl Fn(&[u8]) -> Result<(), PngProblem>,
) -> Result<Vec<u8>> {
    let read_err = |source| Error::Read {
        path: path.to_owned(),
        source,
    };
    check_regular(path)?;
    let mut options = std::fs::File::options();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(read_err)?;
    let meta = file.metadata().map_err(read_err)?;
    if !meta.is_file() {
        return Err(Error::NotAFile {
            path: path.to_owned(),
            what: kind_of(&meta).to_owned(),
        });
    }
    let too_large = |size| Error::TooLarge {
        path: path.to_owned(),
        size,
        limit: MAX_PNG_BYTES,
    };
    if meta.len() > MAX_PNG_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut reader = file.take(MAX_PNG_BYTES + 1);
    let mut bytes = Vec::with_capacity(HEADER_LEN);
    (&mut reader)
        .take(HEADER_LEN as u64)
        .read_to_end(&mut bytes)
        .map_err(read_err)?;
    check(&bytes).map_err(|e| e.at(path))?;
    reader.read_to_end(&mut bytes).map_err(read_err)?;
    if bytes.len() as u64 > MAX_PNG_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// `path` is a regular file, or a symbolic link to one (followed, naming what is wrong).
pub(crate) fn check_regular(path: &Path) -> Result<()> {
    let not_a_file = |what: &'static str| Error::NotAFile {
        path: path.to_owned(),
        what: what.to_owned(),
    };
    let own = std::fs::symlink_metadata(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    if !own.file_type().is_symlink() {
        return match own.is_file() {
            true => Ok(()),
            false => Err(not_a_file(kind_of(&own))),
        };
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) => Err(Error::NotAFile {
            path: path.to_owned(),
            what: format!("a symbolic link to {}", kind_of(&meta)),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(not_a_file(
            "a broken symbolic link (its target does not exist)",
        )),
        Err(e) if e.raw_os_error() == Some(40) || e.to_string().contains("symbolic links") => Err(
            not_a_file("a symbolic link that loops (too many levels of links)"),
        ),
        Err(source) => Err(Error::Read {
            path: path.to_owned(),
            source,
        }),
    }
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

/// Checks the signature and the IHDR chunk's size fields (the first [`HEADER_LEN`] bytes
/// of `bytes`) against the tile rules; returns N.
fn header(bytes: &[u8]) -> Result<u8, PngProblem> {
    let (width, height) = dimensions(bytes)?;
    if width != height {
        return Err(PngProblem::NotSquare(width, height));
    }
    u8::try_from(width)
        .ok()
        .filter(|n| (4..=64).contains(n))
        .ok_or(PngProblem::BadSize(width))
}

/// Checks the signature and the IHDR chunk; returns the image's width and height.
fn dimensions(bytes: &[u8]) -> Result<(u32, u32), PngProblem> {
    let invalid = |s: &str| Err(PngProblem::Invalid(s.to_owned()));
    if bytes.is_empty() {
        return invalid("the file is empty (0 bytes)");
    }
    if !bytes.starts_with(PNG_SIGNATURE) {
        if PNG_SIGNATURE.starts_with(bytes) {
            return invalid("the file ends inside the PNG signature (it is truncated)");
        }
        return invalid("the file does not start with the PNG signature");
    }
    let field = |at: usize| -> Option<u32> {
        let b = bytes.get(at..at + 4)?;
        Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    let (Some(len), Some(kind), Some(width), Some(height)) =
        (field(8), bytes.get(12..16), field(16), field(20))
    else {
        return invalid("the file ends before its PNG header (IHDR) is complete (it is truncated)");
    };
    if kind != b"IHDR" || len != 13 {
        return invalid("the PNG header (IHDR) is missing or malformed");
    }
    Ok((width, height))
}

/// The widest and tallest sheet image read, in pixels.
pub const MAX_SHEET_SIDE: u32 = 4096;

/// The most memory the PNG decoder may allocate for a sheet.
const MAX_SHEET_DECODER_BYTES: u64 = 256 << 20;

/// A whole image (a tileset sheet) with the solid rule decided once for all of it.
pub(crate) struct SolidImage {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// Row-major, y down as in the file: whether each pixel is solid.
    solid: Vec<bool>,
}

impl SolidImage {
    /// Whether pixel (x, y) (y down, as in the file) is solid; false outside.
    pub(crate) fn get(&self, x: u32, y: u32) -> bool {
        x < self.width
            && y < self.height
            && self
                .solid
                .get(y as usize * self.width as usize + x as usize)
                .copied()
                .unwrap_or(false)
    }
}

/// Reads a sheet image: a PNG of at most [`MAX_PNG_BYTES`] and [`MAX_SHEET_SIDE`] pixels a
/// side. Transparency is decided once for the whole image: when any pixel of it has
/// alpha < 128, opaque pixels are solid (in every tile, also a tile with no transparent
/// pixel of its own); otherwise dark ones are.
pub(crate) fn read_sheet_image(path: &Path) -> Result<SolidImage> {
    let check = |bytes: &[u8]| {
        let (w, h) = dimensions(bytes)?;
        if w > MAX_SHEET_SIDE || h > MAX_SHEET_SIDE {
            return Err(PngProblem::Invalid(format!(
                "the image is {w}×{h} pixels; a sheet may be at most {MAX_SHEET_SIDE} pixels a side"
            )));
        }
        Ok(())
    };
    let bytes = read_png_checked(path, check)?;
    let decode = || -> Result<SolidImage, PngProblem> {
        let mut limits = image::Limits::default();
        limits.max_alloc = Some(MAX_SHEET_DECODER_BYTES);
        limits.max_image_width = Some(MAX_SHEET_SIDE);
        limits.max_image_height = Some(MAX_SHEET_SIDE);
        let decoder =
            PngDecoder::with_limits(Cursor::new(&bytes), limits).map_err(decode_problem)?;
        let image = DynamicImage::from_decoder(decoder).map_err(decode_problem)?;
        let rgba = image.to_rgba16();
        let rule = solid_rule(&image, &rgba);
        let solid = rgba.pixels().map(|p| is_solid(p.0, rule)).collect();
        Ok(SolidImage {
            width: rgba.width(),
            height: rgba.height(),
            solid,
        })
    };
    decode().map_err(|e| e.at(path))
}

/// The rule for the whole image: opaque pixels are solid when it has alpha and uses it
/// (some alpha < 128); otherwise dark ones are.
fn solid_rule(
    image: &DynamicImage,
    rgba: &image::ImageBuffer<image::Rgba<u16>, Vec<u16>>,
) -> SolidRule {
    if image.color().has_alpha() && rgba.pixels().any(|p| p.0[3] >> 8 < 128) {
        SolidRule::Opaque
    } else {
        SolidRule::Dark
    }
}

/// The spec's rule for one pixel (16-bit samples, read by their high byte).
fn is_solid(rgba: [u16; 4], rule: SolidRule) -> bool {
    let [r, g, b, a] = rgba.map(|v| v >> 8);
    match rule {
        SolidRule::Opaque => a >= 128,
        SolidRule::Dark => {
            (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000 < 128
        }
    }
}

/// PNG bytes → solid mask, by the spec's rule, and the rule that applied.
pub(crate) fn decode_png(bytes: &[u8]) -> Result<(Bitmap, SolidRule), PngProblem> {
    let n = header(bytes)?;
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(MAX_DECODER_BYTES);
    limits.max_image_width = Some(64);
    limits.max_image_height = Some(64);
    let decoder = PngDecoder::with_limits(Cursor::new(bytes), limits).map_err(decode_problem)?;
    let image = DynamicImage::from_decoder(decoder).map_err(decode_problem)?;
    Ok(solid_mask(&image, n))
}

/// The decoder's complaint in a user's words (no debug dumps of its types).
fn decode_problem(e: image::ImageError) -> PngProblem {
    if let image::ImageError::Limits(_) = e {
        return PngProblem::Invalid(format!(
            "decoding it would take more than {} MiB of memory (a tile needs far less: the file is damaged or crafted)",
            MAX_DECODER_BYTES >> 20
        ));
    }
    let mut innermost: &dyn std::error::Error = &e;
    while let Some(next) = innermost.source() {
        innermost = next;
    }
    let text = innermost.to_string();
    let eof = innermost
        .downcast_ref::<std::io::Error>()
        .is_some_and(|io| io.kind() == std::io::ErrorKind::UnexpectedEof);
    if eof || text.contains("EOF") || text.contains("end of file") {
        return PngProblem::Invalid("the file ends too early (it is truncated)".into());
    }
    let chunk = chunk_named(&text);
    if text.starts_with("CRC error") {
        return PngProblem::Invalid(format!(
            "the file is damaged: the checksum (CRC) of its {} chunk does not match",
            chunk.as_deref().unwrap_or("a")
        ));
    }
    if text.to_ascii_lowercase().contains("deflate") {
        return PngProblem::Invalid(
            "the file is damaged: its compressed image data cannot be decompressed".into(),
        );
    }
    if text.to_ascii_lowercase().contains("memory limit") {
        return decode_problem(image::ImageError::Limits(
            image::error::LimitError::from_kind(image::error::LimitErrorKind::InsufficientMemory),
        ));
    }
    // Replace a `ChunkType { type: IDAT, … }` dump by the chunk's name.
    let cleaned = match (text.find("ChunkType {"), chunk) {
        (Some(at), Some(chunk)) => {
            let end = text[at..].find('}').map_or(text.len(), |e| at + e + 1);
            format!("{}{chunk}{}", &text[..at], &text[end..])
        }
        _ => text,
    };
    PngProblem::Invalid(format!(
        "the PNG data is damaged ({})",
        cleaned.trim_end_matches('.')
    ))
}

/// `IDAT` from a `ChunkType { type: IDAT, … }` in a decoder message.
fn chunk_named(text: &str) -> Option<String> {
    let at = text.find("ChunkType { type: ")? + "ChunkType { type: ".len();
    let name: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    (!name.is_empty()).then_some(name)
}

/// Alpha ≥ 128 is solid when the image has alpha and uses it (some alpha < 128);
/// otherwise luma < 128 is solid. 16-bit samples count by their high byte.
fn solid_mask(image: &DynamicImage, n: u8) -> (Bitmap, SolidRule) {
    // `to_rgba16` widens 8-bit samples exactly (v·257), so `>> 8` gives back the 8-bit value
    // for 8-bit images and the high byte for 16-bit ones. The PNG decoder expands palettes,
    // and turns a tRNS chunk into an alpha channel.
    let rgba = image.to_rgba16();
    let rule = solid_rule(image, &rgba);
    let last = u32::from(n) - 1;
    let bitmap = Bitmap::from_fn(n, |x, y| {
        is_solid(rgba.get_pixel(u32::from(x), last - u32::from(y)).0, rule)
    });
    (bitmap, rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, ImageFormat, Luma, LumaA, Rgb, Rgba};

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
        let (bm, _) = decode_png(&encode(img.into())).unwrap();
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
        let (bm, _) = decode_png(&encode(img.into())).unwrap();
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
        let (bm, _) = decode_png(&encode(img.into())).unwrap();
        assert!(bm.get(0, 0) && bm.get(1, 3) && !bm.get(2, 0) && !bm.get(3, 3));
    }

    #[test]
    fn opaque_alpha_falls_back_to_luma() {
        let img = ImageBuffer::from_fn(4, 4, |x, _| LumaA([if x == 3 { 10u8 } else { 240 }, 255]));
        let (bm, _) = decode_png(&encode(img.into())).unwrap();
        assert!(bm.get(3, 0) && !bm.get(0, 0));
    }

    #[test]
    fn sixteen_bit_samples_use_the_high_byte() {
        // 0x7FFF: high byte 127 → solid; 0x8000: 128 → not solid
        let img =
            ImageBuffer::from_fn(4, 4, |x, _| Luma([if x == 0 { 0x7FFFu16 } else { 0x8000 }]));
        let (bm, _) = decode_png(&encode(DynamicImage::ImageLuma16(img))).unwrap();
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
