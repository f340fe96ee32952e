//! The layout settings (docs/behaviour.md#layout-settings), read from the `expediente_layout`
//! cookie (the browser mirrors its localStorage copy there) so the first
//! byte of a page already has the right `<html data-…>` attributes.
//! Each field falls back to its default alone when missing or invalid.

use serde::Serialize;
use serde_json::Value;

pub const COOKIE: &str = "expediente_layout";

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Layout {
    pub skin: &'static str,
    pub theme: &'static str,
    pub monochrome: bool,
    pub orientation: &'static str,
    pub sidenav: Sidenav,
    pub top_bar: TopBar,
    pub position: &'static str,
    pub width: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Sidenav {
    pub size: &'static str,
    pub color: &'static str,
    pub user: bool,
    pub is_mobile_menu_open: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct TopBar {
    pub color: &'static str,
}

const SKINS: &[&str] = &["modern", "default", "material", "saas", "flat", "minimal"];
const THEMES: &[&str] = &["light", "dark", "system"];
const ORIENTATIONS: &[&str] = &["vertical", "horizontal"];
const SIDENAV_SIZES: &[&str] = &["default", "compact", "condensed", "on-hover", "on-hover-active", "offcanvas"];
const SIDENAV_COLORS: &[&str] = &["gradient", "light", "dark", "gray", "image"];
const TOPBAR_COLORS: &[&str] = &["gradient", "light", "dark", "gray"];
const POSITIONS: &[&str] = &["fixed", "scrollable"];
const WIDTHS: &[&str] = &["fluid", "boxed"];

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            skin: "modern",
            theme: "light",
            monochrome: false,
            orientation: "vertical",
            sidenav: Sidenav { size: "default", color: "gradient", user: false, is_mobile_menu_open: false },
            top_bar: TopBar { color: "gradient" },
            position: "fixed",
            width: "fluid",
        }
    }
}

impl Layout {
    /// From the cookie's value; anything unreadable gives the defaults.
    pub fn from_cookie(raw: Option<&str>) -> Layout {
        let value = raw
            .and_then(|raw| percent_encoding::percent_decode_str(raw).decode_utf8().ok())
            .and_then(|text| serde_json::from_str::<Value>(&text).ok())
            .unwrap_or(Value::Null);
        let d = Layout::default();
        let pick = |v: &Value, allowed: &[&'static str], default: &'static str| -> &'static str {
            v.as_str().and_then(|s| allowed.iter().copied().find(|a| *a == s)).unwrap_or(default)
        };
        let flag = |v: &Value, default: bool| v.as_bool().unwrap_or(default);
        Layout {
            skin: pick(&value["skin"], SKINS, d.skin),
            theme: pick(&value["theme"], THEMES, d.theme),
            monochrome: flag(&value["monochrome"], d.monochrome),
            orientation: pick(&value["orientation"], ORIENTATIONS, d.orientation),
            sidenav: Sidenav {
                size: pick(&value["sidenav"]["size"], SIDENAV_SIZES, d.sidenav.size),
                color: pick(&value["sidenav"]["color"], SIDENAV_COLORS, d.sidenav.color),
                user: flag(&value["sidenav"]["user"], d.sidenav.user),
                is_mobile_menu_open: false, // a page load starts with the mobile menu closed
            },
            top_bar: TopBar { color: pick(&value["topBar"]["color"], TOPBAR_COLORS, d.top_bar.color) },
            position: pick(&value["position"], POSITIONS, d.position),
            width: pick(&value["width"], WIDTHS, d.width),
        }
    }

    /// The attributes of `<html>` (ssr/CONTRACT.md).
    pub fn html_attributes(&self) -> Vec<(&'static str, String)> {
        // For "system" the inline head script switches to dark before paint.
        let effective_theme = if self.theme == "dark" { "dark" } else { "light" };
        vec![
            ("data-skin", self.skin.into()),
            ("data-theme", self.theme.into()),
            ("data-bs-theme", effective_theme.into()),
            ("data-monochrome", self.monochrome.to_string()),
            ("data-layout", self.orientation.into()),
            ("data-sidenav-size", self.sidenav.size.into()),
            ("data-sidenav-color", self.sidenav.color.into()),
            ("data-sidenav-user", self.sidenav.user.to_string()),
            ("data-topbar-color", self.top_bar.color.into()),
            ("data-layout-position", self.position.into()),
            ("data-layout-width", self.width.into()),
        ]
    }

    /// Whether the page can show `<html attribute="value">` before the whole
    /// stylesheet has arrived: what the server renders; with the `system`
    /// theme, either `data-bs-theme` (the head's script picks one); and the
    /// side menu's sizes the window's width imposes (docs/behaviour.md#layout-rules),
    /// which the script writes once it runs, often before the stylesheet
    /// is in on a slow link: without their rules the content would slide
    /// towards the chosen size's column and back.
    pub fn may_show(&self, attribute: &str, value: &str) -> bool {
        if attribute == "data-bs-theme" && self.theme == "system" {
            return true;
        }
        if attribute == "data-sidenav-size" && self.sizes_the_width_imposes().contains(&value) {
            return true;
        }
        self.html_attributes().iter().any(|(name, shown)| *name == attribute && shown == value)
    }

    /// Vertical: offcanvas up to 767.98 px, condensed up to 1140 px;
    /// horizontal: offcanvas below 992 px, default above.
    fn sizes_the_width_imposes(&self) -> &'static [&'static str] {
        if self.orientation == "horizontal" { &["offcanvas", "default"] } else { &["offcanvas", "condensed"] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_paint_may_show_the_sizes_the_width_imposes() {
        let vertical = Layout::default();
        assert!(vertical.may_show("data-sidenav-size", vertical.sidenav.size));
        assert!(vertical.may_show("data-sidenav-size", "offcanvas"));
        assert!(vertical.may_show("data-sidenav-size", "condensed"));
        assert!(!vertical.may_show("data-sidenav-size", "compact"));
        assert!(!vertical.may_show("data-skin", "saas"));
        let cookie = r#"{"orientation":"horizontal","sidenav":{"size":"compact"}}"#;
        let horizontal = Layout::from_cookie(Some(&percent_encoding::utf8_percent_encode(cookie, percent_encoding::NON_ALPHANUMERIC).to_string()));
        assert!(horizontal.may_show("data-sidenav-size", "compact"));
        assert!(horizontal.may_show("data-sidenav-size", "offcanvas"));
        assert!(horizontal.may_show("data-sidenav-size", "default"));
        assert!(!horizontal.may_show("data-sidenav-size", "condensed"));
    }

    #[test]
    fn no_cookie_or_garbage_gives_the_defaults() {
        assert_eq!(Layout::from_cookie(None), Layout::default());
        assert_eq!(Layout::from_cookie(Some("%7Bnot json")), Layout::default());
    }

    #[test]
    fn valid_fields_are_kept_and_invalid_ones_fall_back() {
        let json = r#"{"skin":"saas","theme":"purple","orientation":"horizontal","sidenav":{"size":"compact","user":true},"topBar":{"color":"dark"},"width":"boxed"}"#;
        let encoded = percent_encoding::utf8_percent_encode(json, percent_encoding::NON_ALPHANUMERIC).to_string();
        let layout = Layout::from_cookie(Some(&encoded));
        assert_eq!(layout.skin, "saas");
        assert_eq!(layout.theme, "light");
        assert_eq!(layout.orientation, "horizontal");
        assert_eq!(layout.sidenav.size, "compact");
        assert!(layout.sidenav.user);
        assert_eq!(layout.sidenav.color, "gradient");
        assert_eq!(layout.top_bar.color, "dark");
        assert_eq!(layout.width, "boxed");
        assert!(layout.html_attributes().contains(&("data-layout", "horizontal".to_string())));
    }

    #[test]
    fn the_system_theme_may_show_either_bootstrap_theme() {
        let light = Layout::default();
        assert!(light.may_show("data-bs-theme", "light") && !light.may_show("data-bs-theme", "dark"));
        assert!(light.may_show("data-skin", "modern") && !light.may_show("data-skin", "saas"));
        let system = Layout { theme: "system", ..Layout::default() };
        assert!(system.may_show("data-bs-theme", "light") && system.may_show("data-bs-theme", "dark"));
        assert!(!system.may_show("data-theme", "dark"));
    }
}
