//! Checks and normal forms shared by the resources: CPF, Brazilian phone
//! numbers, e-mail, accent-free search text, path ids, the longest texts
//! accepted, and the "absent vs null" distinction of update bodies.

use serde::{Deserialize, Deserializer};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use crate::kit::error::{AppError, FieldErrors};

/// Lower-cased, accents stripped (NFD, combining marks dropped), spaces
/// collapsed: "  João  d'Ávila " → "joao d'avila".
pub fn normalize_text(text: &str) -> String {
    let stripped: String = text.nfd().filter(|c| !is_combining_mark(*c)).collect::<String>().to_lowercase();
    stripped.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// A CPF as its 11 digits, when its check digits are right. Accepts
/// "123.456.789-09" or "12345678909"; refuses all-same-digit numbers.
pub fn parse_cpf(text: &str) -> Result<String, &'static str> {
    if text.chars().any(|c| !(c.is_ascii_digit() || matches!(c, '.' | '-' | ' ' | '/'))) {
        return Err("CPF inválido: use apenas números, pontos e hífen.");
    }
    let number = digits(text);
    if number.len() != 11 {
        return Err("CPF deve ter 11 dígitos.");
    }
    let d: Vec<u32> = number.chars().map(|c| c.to_digit(10).unwrap_or(0)).collect();
    if d.iter().all(|&x| x == d[0]) {
        return Err("CPF inválido.");
    }
    let check = |len: usize| {
        let sum: u32 = d[..len].iter().enumerate().map(|(i, &x)| x * (len as u32 + 1 - i as u32)).sum();
        let rest = (sum * 10) % 11;
        if rest == 10 { 0 } else { rest }
    };
    if check(9) != d[9] || check(10) != d[10] {
        return Err("CPF inválido: dígitos verificadores não conferem.");
    }
    Ok(number)
}

/// "123.456.789-09"
pub fn format_cpf(number: &str) -> String {
    if number.len() != 11 || !number.chars().all(|c| c.is_ascii_digit()) {
        return number.to_string();
    }
    format!("{}.{}.{}-{}", &number[..3], &number[3..6], &number[6..9], &number[9..])
}

/// A Brazilian phone number as digits with its area code (10 digits for a
/// landline, 11 for a mobile), without +55: '(11) 98765-4321',
/// '11987654321', '+55 11 98765-4321' and '(11) 3456-7890' are accepted.
pub fn parse_phone(text: &str) -> Result<String, &'static str> {
    if text.chars().any(|c| !(c.is_ascii_digit() || matches!(c, ' ' | '(' | ')' | '-' | '.' | '+'))) {
        return Err("Telefone inválido: use apenas números, espaços, parênteses, hífen e +.");
    }
    let mut number = digits(text);
    let international = text.trim_start().starts_with('+');
    if international {
        number = number.strip_prefix("55").ok_or("Informe um telefone do Brasil (+55).")?.to_string();
    } else if (number.len() == 12 || number.len() == 13) && number.starts_with("55") {
        number = number[2..].to_string();
    } else if (number.len() == 11 || number.len() == 12) && number.starts_with('0') {
        // Trunk prefix: 011 3456-7890.
        number = number[1..].to_string();
    }
    let bytes = number.as_bytes();
    let valid = match number.len() {
        10 => (b'2'..=b'5').contains(&bytes[2]),
        11 => bytes[2] == b'9',
        _ => return Err("Telefone deve ter DDD e 8 ou 9 dígitos, ex.: (11) 98765-4321."),
    };
    if bytes[0] == b'0' || bytes[1] == b'0' {
        return Err("DDD inválido.");
    }
    if !valid {
        return Err("Telefone inválido: celular começa com 9 e fixo com 2 a 5.");
    }
    Ok(number)
}

/// "(11) 98765-4321" / "(11) 3456-7890"
pub fn format_phone(number: &str) -> String {
    match number.len() {
        11 => format!("({}) {}-{}", &number[..2], &number[2..7], &number[7..]),
        10 => format!("({}) {}-{}", &number[..2], &number[2..6], &number[6..]),
        _ => number.to_string(),
    }
}

/// Longest e-mail address, in bytes (RFC 5321's path limit; an address is
/// almost always ASCII, so characters).
pub const MAX_EMAIL: usize = 254;
pub const INVALID_EMAIL: &str = "Informe um e-mail válido.";
pub const LONG_EMAIL: &str = "O e-mail pode ter no máximo 254 caracteres.";
pub const IP_EMAIL: &str = "Informe um e-mail válido, com um domínio (não um endereço IP).";

/// What is wrong with an e-mail address, if anything (SECURITY.md#emails):
/// too long (said first, so a pasted text learns its limit), an IP in
/// place of a domain, or not an address the mailer can send to.
pub fn email_problem(email: &str) -> Option<&'static str> {
    if email.len() > MAX_EMAIL {
        Some(LONG_EMAIL)
    } else if ip_domain(email) {
        Some(IP_EMAIL)
    } else if !is_valid_email(email) {
        Some(INVALID_EMAIL)
    } else {
        None
    }
}

/// An address as staff type it (one `@`, a dotted domain, no spaces) that
/// the mailer's own parser (lettre, `jobs::mailer`) reads back whole:
/// one that it refused, or read as another address, would fail every
/// reminder for good.
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    let plausible = !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && !email.contains(char::is_whitespace)
        && !domain.contains('@')
        && email.len() <= MAX_EMAIL;
    plausible
        && email.parse::<lettre::Address>().is_ok_and(|a| a.to_string() == email)
        && email.parse::<lettre::message::Mailbox>().is_ok_and(|m| m.name.is_none() && m.email.to_string() == email)
}

/// A domain literal (`a@[127.0.0.1]`) or a bare IP: valid for SMTP, but
/// never a client's or a member's real address.
fn ip_domain(email: &str) -> bool {
    let domain = email.rsplit_once('@').map_or("", |(_, d)| d);
    domain.starts_with('[') || domain.parse::<std::net::IpAddr>().is_ok()
}

/// Longest search text (`q`): more words than any search needs, and each
/// word is one more condition of the query.
pub const MAX_SEARCH: usize = 200;
pub const LONG_SEARCH: &str = "A busca pode ter no máximo 200 caracteres.";

/// A list's `q`: `errors` gets `q`'s message when it is too long.
pub fn check_search(q: Option<&str>, errors: &mut FieldErrors) {
    if q.is_some_and(|q| q.chars().count() > MAX_SEARCH) {
        errors.add("q", LONG_SEARCH);
    }
}

/// What a text with a NUL or another control character gets (422).
pub const CONTROL_CHARACTERS: &str = "O texto contém caracteres de controle não permitidos.";

/// Fields whose text may hold line breaks and tabs.
pub const MULTILINE_FIELDS: &[&str] = &["notes"];

/// True when `text` holds a control character (NUL, ESC, DEL, C1…) that no
/// field accepts; `\n`, `\r` and `\t` only in a `multiline` field.
pub fn has_control_characters(text: &str, multiline: bool) -> bool {
    text.chars().any(|c| c.is_control() && !(multiline && matches!(c, '\n' | '\r' | '\t')))
}

/// Every string of a JSON body (and every key), checked once before the
/// body is read into its type: problems go to `errors` under the field's path.
pub fn check_json_text(value: &serde_json::Value, path: &str, errors: &mut FieldErrors) {
    use serde_json::Value;
    match value {
        Value::String(text) => {
            let field = path.rsplit('.').next().unwrap_or(path);
            if has_control_characters(text, MULTILINE_FIELDS.contains(&field)) {
                errors.add(if path.is_empty() { "body" } else { path }, CONTROL_CHARACTERS);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                check_json_text(item, &format!("{path}[{i}]"), errors);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                if has_control_characters(key, false) {
                    errors.add("body", CONTROL_CHARACTERS);
                    continue;
                }
                let path = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                check_json_text(item, &path, errors);
            }
        }
        _ => {}
    }
}

/// Every name and value of a query string, checked once for every request
/// (API and pages): `None` when clean, or the 422 naming the parameter.
pub fn check_query_text(query: &str) -> Option<AppError> {
    let mut errors = FieldErrors::new();
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
    for (name, value) in pairs {
        if has_control_characters(&name, false) {
            errors.add("query", CONTROL_CHARACTERS);
        } else if has_control_characters(&value, false) {
            errors.add(&name, CONTROL_CHARACTERS);
        }
    }
    errors.check().err()
}

/// A day the business can mean: years 1900 to 2200 (chrono reads years up
/// to 262143, where the arithmetic of the days around one overflows).
pub fn plausible_day(date: chrono::NaiveDate) -> bool {
    use chrono::Datelike;
    (1900..=2200).contains(&date.year())
}

/// A day of a query (`YYYY-MM-DD`), if given; a malformed or implausible one is `field`'s error.
pub fn parse_day(text: Option<&str>, field: &str, errors: &mut FieldErrors) -> Option<chrono::NaiveDate> {
    let text = text.map(str::trim).filter(|t| !t.is_empty())?;
    let date = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().filter(|d| plausible_day(*d));
    if date.is_none() {
        errors.add(field, "Data inválida: use AAAA-MM-DD.");
    }
    date
}

/// Trimmed text, `None` when empty.
pub fn clean(text: Option<&str>) -> Option<String> {
    text.map(str::trim).filter(|t| !t.is_empty()).map(str::to_string)
}

/// The id of a path like `/api/clients/{id}`: anything but a positive
/// number is the same 404 as an unknown id (never axum's plain-text 400).
pub fn parse_id(raw: &str, not_found: &str) -> Result<i32, AppError> {
    raw.parse::<i32>().ok().filter(|id| *id > 0).ok_or_else(|| AppError::NotFound(not_found.into()))
}

/// A text of a POST or PUT body that can be cleared: absent (`TextPatch(None)`)
/// keeps the current value, `null` (`Some(None)`) clears it, a text
/// (`Some(Some(text))`) replaces it. Plain `Option<String>` cannot tell
/// absent from `null`; each such field needs `#[serde(default)]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TextPatch(pub Option<Option<String>>);

impl<'de> Deserialize<'de> for TextPatch {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<String>::deserialize(deserializer).map(|value| TextPatch(Some(value)))
    }
}

// In the OpenAPI document a patch is what it carries: a text or null.
impl utoipa::PartialSchema for TextPatch {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .description(Some("Texto; `null` ou vazio apaga o valor, e ausente o mantém."))
            .into()
    }
}

impl utoipa::ToSchema for TextPatch {}

impl TextPatch {
    /// A text that stays after `patched` cleans it (trimmed, not blank), if any.
    pub fn text(&self) -> Option<&str> {
        self.0.as_ref().and_then(|value| value.as_deref()).filter(|text| !text.trim().is_empty())
    }
}

/// `#[serde(default, deserialize_with = "present")]` on an
/// `Option<Option<T>>`: absent is `None`, `null` is `Some(None)`, a value
/// `Some(Some(value))` (the `TextPatch` distinction, for other types).
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A text field read as a `TextPatch`: absent keeps `current`, `null` or a
/// blank text clears it, a text is trimmed.
pub fn patched(input: &TextPatch, current: Option<String>) -> Option<String> {
    match &input.0 {
        None => current,
        Some(value) => clean(value.as_deref()),
    }
}

/// As `patched`, with a new text read by `parse`, whose message becomes the
/// error of `field` (and the value `None`).
pub fn patched_parse<T, E: Into<String>>(
    input: &TextPatch,
    current: Option<T>,
    errors: &mut FieldErrors,
    field: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Option<T> {
    match &input.0 {
        None => current,
        Some(value) => clean(value.as_deref()).and_then(|text| parse(&text).map_err(|message| errors.add(field, message)).ok()),
    }
}

/// Fields a body may not carry: each becomes "Campo desconhecido." so a typo
/// (`nmae`) is a 422 instead of silently ignored.
pub fn reject_unknown(extra: &serde_json::Map<String, serde_json::Value>, errors: &mut FieldErrors) {
    for key in extra.keys() {
        errors.add(key, "Campo desconhecido.");
    }
}

// The rules of fields that several records share, each written once.

pub const NAME_LENGTH: &str = "O nome deve ter de 2 a 120 caracteres.";
pub const LONG_NOTES: &str = "As observações podem ter até 2.000 caracteres.";

/// A person's name (a client's, a user's), as its record cleaned it: 2 to
/// 120 characters.
pub fn check_name(name: &str, errors: &mut FieldErrors) {
    if !(2..=120).contains(&name.chars().count()) {
        errors.add("name", NAME_LENGTH);
    }
}

/// A record's notes (a client's, an appointment's): up to 2,000 characters.
pub fn check_notes(notes: Option<&str>, errors: &mut FieldErrors) {
    if notes.is_some_and(|n| n.chars().count() > 2000) {
        errors.add("notes", LONG_NOTES);
    }
}

/// A unique index's refusal (two requests saving one e-mail at once, past
/// the check before them) as that check's 422 on `field`; any other error
/// as it is.
pub fn unique_violation(error: sea_orm::DbErr, field: &str, message: &str) -> AppError {
    match error.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => AppError::field(field, message),
        _ => error.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_lowercased_without_accents() {
        assert_eq!(normalize_text("  João  d'Ávila "), "joao d'avila");
        assert_eq!(normalize_text("CONCEIÇÃO Müller"), "conceicao muller");
        assert_eq!(normalize_text("ÀÉÎÕÜ ç"), "aeiou c");
    }

    #[test]
    fn cpf_check_digits() {
        assert_eq!(parse_cpf("529.982.247-25"), Ok("52998224725".into()));
        assert_eq!(parse_cpf("52998224725"), Ok("52998224725".into()));
        assert_eq!(parse_cpf("111.444.777-35"), Ok("11144477735".into()));
        assert!(parse_cpf("529.982.247-24").is_err());
        assert!(parse_cpf("111.111.111-11").is_err());
        assert!(parse_cpf("00000000000").is_err());
        assert!(parse_cpf("1234567890").is_err());
        assert!(parse_cpf("abc.def.ghi-jk").is_err());
        assert_eq!(format_cpf("52998224725"), "529.982.247-25");
    }

    #[test]
    fn phones_are_normalised_to_area_code_and_number() {
        for (input, expected) in [
            ("(11) 98765-4321", "11987654321"),
            ("11987654321", "11987654321"),
            ("+55 11 98765-4321", "11987654321"),
            ("5511987654321", "11987654321"),
            ("(21) 3456-7890", "2134567890"),
            ("+55 (21) 3456-7890", "2134567890"),
            ("011 3456-7890", "1134567890"),
        ] {
            assert_eq!(parse_phone(input).as_deref(), Ok(expected), "{input}");
        }
        for bad in ["98765-4321", "(11) 8765-43210", "+1 212 555 0100", "(01) 98765-4321", "(11) 18765-4321", "abc", "(11) 7765-4321"] {
            assert!(parse_phone(bad).is_err(), "{bad}");
        }
        assert_eq!(format_phone("11987654321"), "(11) 98765-4321");
        assert_eq!(format_phone("2134567890"), "(21) 3456-7890");
    }

    #[test]
    fn emails() {
        assert_eq!(email_problem("maria@example.com"), None);
        let longest = format!("{}@{}.{}.{}.com", "a".repeat(64), "b".repeat(63), "c".repeat(63), "d".repeat(57));
        assert_eq!((longest.len(), email_problem(&longest)), (254, None));
        assert_eq!(email_problem(&format!("{}@example.com", "a".repeat(65))), Some(INVALID_EMAIL), "64 before the @ at most");
        assert_eq!(email_problem(&format!("{}@example.com", "a".repeat(243))), Some(LONG_EMAIL));
        assert_eq!(email_problem("maria@example"), Some(INVALID_EMAIL));
        assert!(is_valid_email("maria@example.com"));
        assert!(!is_valid_email("maria@example"));
        assert!(!is_valid_email("maria example@x.com"));
        assert!(!is_valid_email("@x.com"));
        assert!(!is_valid_email("a@b..com"));
    }

    #[test]
    fn emails_are_ones_the_mailer_can_send_to() {
        for email in ["maria.souza+agenda@example.com.br", "o'neil@example.com", "ana_lima@sub.example.org", "joão@exemplo.com.br"] {
            assert_eq!(email_problem(email), None, "{email}");
            assert!(email.parse::<lettre::message::Mailbox>().is_ok(), "{email}");
        }
        for email in ["a,b@x", "x@y>", "a;b@c", "a,b@x.com", "x@y.com>", "a;b@c.com", "a@b.com,c@d.com", "<a@b.com>", "\"a\"@b.com", "a@b.com;", "a(b)@c.com", "a@-b.com"] {
            assert_eq!(email_problem(email), Some(INVALID_EMAIL), "{email}");
        }
        for email in ["a@[127.0.0.1]", "a@[IPv6:::1]", "a@127.0.0.1"] {
            assert_ne!(email_problem(email), None, "{email}");
        }
        assert_eq!(email_problem("a@[127.0.0.1]"), Some(IP_EMAIL));
        assert_eq!(email_problem("a@127.0.0.1"), Some(IP_EMAIL));
    }

    #[test]
    fn long_searches_are_refused() {
        let mut errors = FieldErrors::new();
        check_search(Some(&"ã".repeat(MAX_SEARCH)), &mut errors);
        assert!(errors.is_empty());
        check_search(Some(&"a".repeat(MAX_SEARCH + 1)), &mut errors);
        assert_eq!(errors["q"], vec![LONG_SEARCH]);
    }

    #[test]
    fn ids_in_paths() {
        assert_eq!(parse_id("12", "x").unwrap(), 12);
        assert!(matches!(parse_id("abc", "x"), Err(AppError::NotFound(_))));
        assert!(matches!(parse_id("0", "x"), Err(AppError::NotFound(_))));
        assert!(matches!(parse_id("99999999999", "x"), Err(AppError::NotFound(_))));
    }
}
