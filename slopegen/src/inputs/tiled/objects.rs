//! The named points and rectangles of a Tiled map's object layers, as constants.

use crate::error::map::MapError;
use crate::error::text::escape;
use crate::error::{Error, Result};
use crate::inputs::tiled::document::{LayerKind, ObjectShape, TiledMap};
use crate::model::map::{Object, ObjectValue};
use crate::model::tileset::{TileSet, check_name, constant_name};

/// Named points and rectangles, as constants in world pixels.
pub(super) fn objects(map: &TiledMap, set: &TileSet) -> Result<Vec<Object>> {
    let n = map.tile_height as f64;
    let top = map.height as f64 * n;
    let mut out: Vec<Object> = Vec::new();
    for layer in &map.layers {
        let LayerKind::Objects(objects) = &layer.kind else {
            continue;
        };
        for o in objects {
            if o.name.is_empty() || o.shape == ObjectShape::Other {
                continue;
            }
            let at = |problem: String| -> Error {
                MapError::BadObject {
                    file: map.path.clone(),
                    layer: layer.name.clone(),
                    object: o.name.clone(),
                    problem,
                }
                .into()
            };
            if o.rotation != 0.0 {
                return Err(at(format!(
                    "rotated by {}°; only unrotated points and rectangles become constants",
                    o.rotation
                )));
            }
            check_name(&o.name).map_err(|p| {
                at(p.replace("the file name", "its name")
                    .replace("; rename the file", ""))
            })?;
            let px = |v: f64| -> Result<i32> {
                let r = v.round();
                if r.abs() > f64::from(slope_runtime::MAX_POSITION) {
                    return Err(at("it lies beyond the runtime's positions".into()));
                }
                Ok(r as i32)
            };
            let value = match o.shape {
                ObjectShape::Point => ObjectValue::Point(px(o.x)?, px(top - o.y)?),
                ObjectShape::Rect(w, h) => {
                    let (x0, x1) = (px(o.x)?, px(o.x + w)?);
                    let (y0, y1) = (px(top - o.y - h)?, px(top - o.y)?);
                    let (width, height) = (x1 - x0, y1 - y0);
                    if width < 1 || height < 1 || width > 65535 || height > 65535 {
                        return Err(at(format!(
                            "a rectangle of {w}×{h} px; it needs at least one whole pixel each way"
                        )));
                    }
                    ObjectValue::Rect {
                        x: x0,
                        y: y0,
                        width: width as u16,
                        height: height as u16,
                    }
                }
                ObjectShape::Other => continue,
            };
            let constant = constant_name(&o.name);
            if let Some(other) = out.iter().find(|p| p.constant == constant) {
                return Err(at(format!(
                    "it and object `{}` both become the constant `{constant}`; rename one of them",
                    escape(&other.name)
                )));
            }
            if let Some(t) = set.tiles.iter().find(|t| t.constant == constant) {
                return Err(at(format!(
                    "it and shape `{}` both become the constant `{constant}`; rename one of them",
                    escape(&t.name)
                )));
            }
            if ["WIDTH", "HEIGHT", "TILE_SIZE"].contains(&constant.as_str()) {
                return Err(at(format!(
                    "the constant `{constant}` is taken by the map's own size; rename it"
                )));
            }
            out.push(Object {
                name: o.name.clone(),
                constant,
                value,
            });
        }
    }
    Ok(out)
}
