//! Sign-in throttling, device cookies, trusted proxies and the bounded
//! password-hashing queue (SECURITY.md#sign-in-throttling,
//! SECURITY.md#device-cookies, SECURITY.md#password-hashing).

use std::net::{IpAddr, Ipv4Addr};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::common::*;

/// A client whose requests come from another loopback address.
/// Requests whose answers take longer fail (a stalled one must fail the
/// flood stage, not hang it until CI's timeout says nothing of why).
const ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_secs(15);

fn client_from(ip: Ipv4Addr) -> Client {
    Client::builder().local_address(IpAddr::V4(ip)).redirect(reqwest::redirect::Policy::none()).timeout(ANSWER_WITHIN).build().unwrap()
}

/// A browser (it keeps cookies) whose requests come from `ip`.
fn browser_from(ip: Ipv4Addr) -> Client {
    Client::builder()
        .local_address(IpAddr::V4(ip))
        .timeout(ANSWER_WITHIN)
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn sign_in(client: &Client, base: &str, email: &str, password: &str) -> (StatusCode, Option<u64>, Value) {
    let response = client.post(format!("{base}/api/login")).json(&json!({ "email": email, "password": password })).send().await.unwrap();
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().parse().unwrap());
    let (status, body) = json_of(response).await;
    (status, retry_after, body)
}

async fn the_sixth_failure_from_one_address_gets_429(backend: Backend) {
    let app = spawn(backend).await;
    let here = client_from(Ipv4Addr::new(127, 0, 0, 1));
    for n in 1..=5 {
        let (status, _, body) = sign_in(&here, &app.base, ADMIN_EMAIL, "senha-errada").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "failure {n}: {body}");
    }
    // The sixth attempt is refused even with the right password, and says when to retry.
    let (status, retry_after, body) = sign_in(&here, &app.base, " Admin@Example.com", ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let retry_after = retry_after.expect("Retry-After");
    assert!((880..=900).contains(&retry_after), "{retry_after}");
    assert_eq!(body["message"], "Muitas tentativas de entrada com este e-mail. Tente novamente em 15 minutos.");
    // The login form too: the login page again, with the message and Retry-After.
    let form = here.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(form.headers().get("retry-after").is_some());
    assert!(form.text().await.unwrap().contains("Muitas tentativas de entrada"));

    // Another e-mail from this address, and this e-mail from another address, go on.
    let (status, _, _) = sign_in(&here, &app.base, "ninguem@example.com", "senha-errada").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let there = client_from(Ipv4Addr::new(127, 0, 0, 2));
    let (status, _, body) = sign_in(&there, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // A success clears the count: four failures, a success, five more failures are allowed.
    let other = client_from(Ipv4Addr::new(127, 0, 0, 3));
    for _ in 0..4 {
        assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::OK);
    for _ in 0..5 {
        assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::TOO_MANY_REQUESTS);

    // When the window has passed, the address may try again.
    let db = &app.state.db;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Expr};
    entities::sign_in_throttle::Entity::update_many()
        .col_expr(entities::sign_in_throttle::Column::WindowStart, Expr::value(chrono::Utc::now().timestamp() - 15 * 60))
        .filter(entities::sign_in_throttle::Column::Address.eq("127.0.0.1"))
        .exec(db)
        .await
        .unwrap();
    let (status, _, body) = sign_in(&here, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
both!(the_sixth_failure_from_one_address_gets_429);

/// Concurrent guesses cannot slip past the limit, on one instance or two,
/// and the count is the database's: a second server instance on the same
/// database sees it.
async fn the_limit_holds_under_concurrency_and_across_instances(backend: Backend) {
    let app = spawn(backend).await;
    let second = spawn_process(&app).await;
    // Twenty guesses at once, half to each instance: up to eight hold a
    // hashing place (an address's share on each instance), more than the
    // limit, so the count alone must stop them. The rest are refused at
    // once (503) and not counted.
    let here = client_from(Ipv4Addr::new(127, 0, 0, 4));
    let bases = [&app.base, &second.base];
    let attempts = (0..20).map(|n| sign_in(&here, bases[n % 2], ADMIN_EMAIL, "senha-errada"));
    let statuses: Vec<StatusCode> = futures::future::join_all(attempts).await.into_iter().map(|(s, _, _)| s).collect();
    let refused = [StatusCode::TOO_MANY_REQUESTS, StatusCode::SERVICE_UNAVAILABLE];
    assert!(statuses.iter().all(|s| *s == StatusCode::UNAUTHORIZED || refused.contains(s)), "{statuses:?}");
    let mut checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    assert!(checked <= 5, "{statuses:?}");
    // Then one at a time until the throttle refuses: five checked in all.
    loop {
        match sign_in(&here, bases[checked % 2], ADMIN_EMAIL, "senha-errada").await.0 {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => break,
            other => panic!("{other} after {checked} checked"),
        }
        assert!(checked <= 5, "{checked} checked");
    }
    assert_eq!(checked, 5, "{statuses:?}");

    let there = client_from(Ipv4Addr::new(127, 0, 0, 5));
    for _ in 0..3 {
        assert_eq!(sign_in(&there, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    for _ in 0..2 {
        assert_eq!(sign_in(&there, &second.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&there, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(sign_in(&there, &second.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);
}
both!(the_limit_holds_under_concurrency_and_across_instances);

/// A browser that signed in to an account before carries a device cookie:
/// failures of others from its address lock out every unknown client there,
/// but not it; its own failures are counted apart, five at most, and its
/// success leaves the address's count as it was. The login form alike.
async fn a_device_cookie_is_not_locked_out_by_others_failures(backend: Backend) {
    let app = spawn(backend).await;
    let here = Ipv4Addr::new(127, 0, 0, 1);
    let browser = browser_from(here);
    let body = json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD });
    let response = browser.post(app.url("/api/login")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let device = set_cookie(&response, "expediente_device").expect("the sign-in gives a device cookie");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=31536000"] {
        assert!(device.contains(attribute), "{attribute}: {device}");
    }

    // Someone else at that address guesses: every unknown client there is locked out.
    let attacker = client_from(here);
    for _ in 0..5 {
        assert_eq!(sign_in(&attacker, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&attacker, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(sign_in(&client_from(here), &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);

    // The browser is not, by the API or by the form.
    assert_eq!(sign_in(&browser, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    let (status, _, body) = sign_in(&browser, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let form = browser.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::FOUND, "the login form honours the device cookie");
    assert!(set_cookie(&form, "expediente_device").is_some(), "and renews it");
    // Its success cleared its own count only.
    assert_eq!(sign_in(&attacker, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);

    // Its own failures are limited alike: past five, it is an unknown client, and so refused here.
    for _ in 0..5 {
        assert_eq!(sign_in(&browser, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&browser, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);

    // A device cookie of another account is no help for this one.
    app.staff_user("Paula Lima", "paula@example.com").await;
    let paula = browser_from(here);
    assert_eq!(sign_in(&paula, &app.base, "paula@example.com", "senha-do-staff-1").await.0, StatusCode::OK);
    assert_eq!(sign_in(&paula, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);
}
both!(a_device_cookie_is_not_locked_out_by_others_failures);

/// A device cookie that is not one this server issued for this account,
/// still valid (forged, altered, signed with another secret, expired,
/// another account's, or sent from another site to the API) makes its
/// browser an unknown client: refused like one where the address is
/// locked out, never an error.
async fn a_forged_altered_or_expired_device_cookie_counts_as_unknown(backend: Backend) {
    use base64::Engine;
    use expediente_core::people::auth::{DeviceClaims, Keys};

    let app = spawn(backend).await;
    let staff = app.staff_user("Paula Lima", "paula@example.com").await as i32;
    let admin = expediente_core::people::users::find_by_email(&app.state.db, ADMIN_EMAIL).await.unwrap().unwrap().id;
    let here = Ipv4Addr::new(127, 0, 0, 7);
    let attacker = client_from(here);
    for _ in 0..5 {
        assert_eq!(sign_in(&attacker, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    let with_device = |token: String| {
        let (client, url) = (client_from(here), app.url("/api/login"));
        async move {
            let body = json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD });
            let response = client.post(url).header("cookie", format!("expediente_device={token}")).json(&body).send().await.unwrap();
            json_of(response).await
        }
    };

    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let paulas = app.state.keys.issue_device(staff);
    let parts: Vec<&str> = paulas.split('.').collect();
    let payload = String::from_utf8(b64.decode(parts[1]).unwrap()).unwrap().replace(&format!("\"sub\":{staff}"), &format!("\"sub\":{admin}"));
    let altered = format!("{}.{}.{}", parts[0], b64.encode(&payload), parts[2]);
    let expired = DeviceClaims { sub: admin, dev: "a".repeat(32), exp: chrono::Utc::now().timestamp() - 60 };
    let cases = [
        ("rubbish", "lixo".to_string()),
        ("altered to name this account", altered),
        ("another secret", Keys::new(b"another-secret-another-secret-0123", 3600).issue_device(admin)),
        ("expired", app.state.keys.sign_device(&expired)),
        ("another account's", paulas),
        ("a session token", app.state.keys.issue(admin, 0).0),
    ];
    for (what, token) in cases {
        let (status, body) = with_device(token).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{what}: {body}");
    }
    // From another site, the API ignores even a good one.
    let good = app.state.keys.issue_device(admin);
    let response = client_from(here)
        .post(app.url("/api/login"))
        .header("cookie", format!("expediente_device={good}"))
        .header("origin", "http://evil.example")
        .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    // The same good one from this origin gets in: the cases above failed for what they were.
    let (status, body) = with_device(good).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
both!(a_forged_altered_or_expired_device_cookie_counts_as_unknown);

/// With `--trusted-proxies`, a request from a trusted proxy counts by the
/// address its `X-Forwarded-For` names, so two clients behind the proxy are
/// throttled apart; from any other peer the header is ignored.
async fn x_forwarded_for_counts_only_from_a_trusted_proxy(backend: Backend) {
    let app = spawn_with(backend, Options { trusted_proxies: &["127.0.0.8/32"], ..Options::default() }).await;
    let proxy = client_from(Ipv4Addr::new(127, 0, 0, 8));
    let via = |client: &Client, forwarded: &str, password: &str| {
        let request = client.post(app.url("/api/login")).header("x-forwarded-for", forwarded);
        let body = json!({ "email": ADMIN_EMAIL, "password": password });
        async move { request.json(&body).send().await.unwrap().status() }
    };
    for _ in 0..5 {
        assert_eq!(via(&proxy, "198.51.100.1", "senha-errada").await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(via(&proxy, "198.51.100.1", ADMIN_PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    // Another client behind the proxy, and one that writes the header itself
    // (the proxy appends its real address, which is what counts).
    assert_eq!(via(&proxy, "198.51.100.2", ADMIN_PASSWORD).await, StatusCode::OK);
    assert_eq!(via(&proxy, "198.51.100.2, 198.51.100.1", ADMIN_PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(via(&proxy, "198.51.100.1, 198.51.100.2", ADMIN_PASSWORD).await, StatusCode::OK);

    // From a peer that is not a trusted proxy the header counts for nothing.
    let direct = client_from(Ipv4Addr::new(127, 0, 0, 9));
    for n in 0..5 {
        assert_eq!(via(&direct, &format!("198.51.100.{}", 10 + n), "senha-errada").await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(via(&direct, "198.51.100.20", ADMIN_PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);

    use sea_orm::EntityTrait;
    let mut counted: Vec<String> =
        entities::sign_in_throttle::Entity::find().all(&app.state.db).await.unwrap().into_iter().map(|row| row.address).collect();
    counted.sort();
    assert_eq!(counted, ["127.0.0.9", "198.51.100.1"], "rows by the forwarded address, and by the untrusted peer");
}
both!(x_forwarded_for_counts_only_from_a_trusted_proxy);

/// A flood of wrong sign-ins from many addresses fills every hashing place
/// (unknown clients get 503), yet a browser with a device cookie signs in
/// each time: it has places of its own. (A process of its own: the places
/// are the process's.)
async fn a_device_cookie_signs_in_during_a_flood(backend: Backend) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::Duration;

    let app = spawn(backend).await;
    let server = spawn_process(&app).await;
    let browser = browser_from(Ipv4Addr::new(127, 0, 0, 2));
    assert_eq!(sign_in(&browser, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::OK);

    // Sixteen addresses, three at once each: under an address's share, so a
    // 503 means every place was taken.
    let stop = Arc::new(AtomicBool::new(false));
    let refused = Arc::new(AtomicU64::new(0));
    let mut loops = Vec::new();
    for a in 0..16u8 {
        let client = client_from(Ipv4Addr::new(127, 0, 1, 10 + a));
        for n in 0..3 {
            let (client, base, stop, refused) = (client.clone(), server.base.clone(), stop.clone(), refused.clone());
            loops.push(tokio::spawn(async move {
                let mut i = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    let (status, _, body) = sign_in(&client, &base, &format!("intruso-{a}-{n}-{i}@example.com"), "senha-errada").await;
                    match status {
                        StatusCode::UNAUTHORIZED => {}
                        StatusCode::SERVICE_UNAVAILABLE => _ = refused.fetch_add(1, Ordering::Relaxed),
                        other => panic!("{other}: {body}"),
                    }
                    i += 1;
                }
            }));
        }
    }
    eventually("the flood fills the places", Duration::from_secs(30), async || refused.load(Ordering::Relaxed) > 0).await;
    let unknown = client_from(Ipv4Addr::new(127, 0, 0, 3));
    let mut unknown_refused = 0;
    for _ in 0..10 {
        let (status, _, body) = sign_in(&browser, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "a sign-in with a device cookie during the flood: {body}");
        // For the report only: an unknown client's luck during the flood.
        if sign_in(&unknown, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0 == StatusCode::SERVICE_UNAVAILABLE {
            unknown_refused += 1;
        }
    }
    stop.store(true, Ordering::Relaxed);
    for handle in loops {
        handle.await.unwrap();
    }
    println!("flood of 48 from 16 addresses: {} refused; 10 of 10 device sign-ins in, unknown client refused {unknown_refused} of 10", refused.load(Ordering::Relaxed));
}
both!(a_device_cookie_signs_in_during_a_flood);

/// More sign-ins at once than the hashing threads and their queue hold:
/// the excess gets 503 with Retry-After at once, the rest their answer, and
/// a sign-in afterwards works. (A process of its own: the queue is the
/// process's, and this test fills it. A hundred at once: fewer than the
/// connections one address may hold.)
async fn a_full_hashing_queue_answers_503(backend: Backend) {
    let app = spawn(backend).await;
    let server = spawn_process(&app).await;
    let client = Client::new();
    let emails: Vec<String> = (0..100).map(|n| format!("ninguem{n}@example.com")).collect();
    let attempts = emails.iter().map(|email| sign_in(&client, &server.base, email, "senha-errada"));
    let answers = futures::future::join_all(attempts).await;
    let mut busy = 0;
    for (status, retry_after, body) in &answers {
        match *status {
            StatusCode::UNAUTHORIZED => {}
            StatusCode::SERVICE_UNAVAILABLE => {
                busy += 1;
                assert_eq!(*retry_after, Some(1));
                assert_eq!(body["message"], "Muitas entradas ao mesmo tempo. Tente novamente em instantes.");
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert!(busy > 0, "some sign-ins found the queue full");
    assert!(busy < answers.len(), "the queue still hashed some");
    let (status, _, body) = sign_in(&client, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
both!(a_full_hashing_queue_answers_503);

/// A flood of wrong sign-ins from one address (256 at once for 20 s,
/// loopback only, each to another e-mail so every one would need a hash):
/// memory stays bounded and returns near idle afterwards; the flood's
/// excess is refused (503); a real sign-in from another address meanwhile
/// gets in, never after seconds in a queue.
/// Slow: `cargo test --profile testing --test http -- --ignored flood` (about 40 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "slow: the flood stage"]
async fn flood_of_wrong_sign_ins_keeps_memory_bounded() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    const CONCURRENCY: usize = 256;
    const FLOOD: Duration = Duration::from_secs(20);
    let app = spawn(Backend::Sqlite).await;
    let server = Arc::new(spawn_process(&app).await);
    let flooder = client_from(Ipv4Addr::LOCALHOST);
    let staff = client_from(Ipv4Addr::new(127, 0, 0, 2));
    let (status, _, _) = sign_in(&staff, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = server.rss_mib();

    let stop = Arc::new(AtomicBool::new(false));
    let (sent, refused) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut loops = Vec::new();
    for n in 0..CONCURRENCY {
        let (client, base, stop, sent, refused) = (flooder.clone(), server.base.clone(), stop.clone(), sent.clone(), refused.clone());
        loops.push(tokio::spawn(async move {
            let mut i = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let email = format!("intruso-{n}-{i}@example.com");
                let body = json!({ "email": email, "password": "senha-errada" });
                let answer = client.post(format!("{base}/api/login")).json(&body).send().await;
                if let Ok(response) = answer {
                    let status = response.status();
                    assert!([StatusCode::UNAUTHORIZED, StatusCode::SERVICE_UNAVAILABLE].contains(&status), "{status}");
                    if status == StatusCode::SERVICE_UNAVAILABLE {
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                    let _ = response.bytes().await;
                }
                sent.fetch_add(1, Ordering::Relaxed);
                i += 1;
            }
        }));
    }
    let started = Instant::now();
    let mut peak = idle;
    let mut real = Vec::new();
    while started.elapsed() < FLOOD {
        peak = peak.max(server.rss_mib());
        let asked = Instant::now();
        let (status, _, body) = sign_in(&staff, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "a real sign-in during the flood: {body}");
        real.push(asked.elapsed());
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for handle in loops {
        handle.await.unwrap();
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = server.rss_mib();
    let (total, refused) = (sent.load(Ordering::Relaxed), refused.load(Ordering::Relaxed));
    real.sort();
    let (median, slowest) = (real[real.len() / 2], real[real.len() - 1]);
    println!(
        "flood: {total} sign-ins in {FLOOD:?}, {refused} refused; RSS idle {idle} MiB, peak {peak} MiB, after {after} MiB; \
         {} real sign-ins, median {median:?}, slowest {slowest:?}",
        real.len()
    );
    assert!(refused > 0, "the flood's excess is refused");
    assert!(peak <= idle + 200, "peak {peak} MiB from idle {idle} MiB");
    assert!(after <= idle + 40, "after the flood {after} MiB, idle was {idle} MiB");
    assert!(slowest < Duration::from_secs(2), "a real sign-in took {slowest:?}");
}
