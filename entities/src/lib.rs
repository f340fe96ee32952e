//! SeaORM entities, one module per table.

/// `parse` and `Display` for a closed set stored (and written in JSON) by its
/// `as_str` name, so each enum says only its names.
macro_rules! named_enum {
    ($ty:ident) => {
        impl $ty {
            /// The value of that name, if it is one.
            pub fn parse(name: &str) -> Option<$ty> {
                <$ty as sea_orm::Iterable>::iter().find(|v| v.as_str() == name)
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// Every value of a `named_enum!` is stored and serialised under its name,
/// and only that exact name parses back.
#[cfg(test)]
fn assert_names_round_trip<E>(as_str: fn(E) -> &'static str, parse: fn(&str) -> Option<E>)
where
    E: sea_orm::ActiveEnum<Value = String> + sea_orm::Iterable + serde::Serialize + PartialEq + std::fmt::Debug + Copy,
{
    for value in E::iter() {
        assert_eq!(value.to_value(), as_str(value));
        assert_eq!(serde_json::to_value(value).unwrap(), as_str(value));
        assert_eq!(parse(as_str(value)), Some(value));
        let mut capitalised = as_str(value).to_owned();
        capitalised[..1].make_ascii_uppercase();
        assert_eq!(parse(&capitalised), None);
    }
}

pub mod appointment;
pub mod appointment_series;
pub mod audit_log;
pub mod booking_hold;
pub mod calendar_feed;
pub mod client;
pub mod client_read;
pub mod reminder;
pub mod revoked_token;
pub mod service;
pub mod service_staff;
pub mod setting;
pub mod sign_in_throttle;
pub mod time_off;
pub mod user;
pub mod waitlist_entry;
