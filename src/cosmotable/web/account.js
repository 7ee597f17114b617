// The account page (#/account): sign in or sign up; signed in, sign out, change the password or delete
// the account. Accounts are optional: a guest plays by seat links exactly as before.
import { api } from "./api.js";
import { el, replace, keepFocus } from "./dom.js";
import { t } from "./i18n.js";
import { errorBox } from "./common.js";
import { currentAccount, setAccount } from "./my_seats.js";
import { updateTurnSignal } from "./turn_signal.js";

function field(id, label, attrs) {
  return el("p", { class: "field" }, el("label", { for: id }, label), el("input", { id, name: id, ...attrs }));
}

function value(form, id) {
  return form.querySelector(`#${id}`).value;
}

export class AccountPage {
  constructor(root) {
    this.root = root;
    this.message = null; // {text} or an error box
  }

  mount() {
    this.render();
  }

  render() {
    keepFocus(this.root, () => this.draw());
  }

  async run(work, done) {
    try {
      await work();
      this.message = done ? el("p", { class: "notice", role: "status" }, done) : null;
      updateTurnSignal();
    } catch (error) {
      this.message = errorBox(error);
    }
    this.render();
  }

  draw() {
    const account = currentAccount();
    // the names typed stay across a redraw (an error shown, the language changed); passwords do not
    const typed = new Map([...this.root.querySelectorAll("input[type=text]")].map((input) => [input.id, input.value]));
    replace(
      this.root,
      el("h1", { tabindex: "-1" }, account ? t("account.title_signed_in", { name: account.name }) : t("account.title")),
      this.message,
      account ? this.signedIn() : this.guest(),
    );
    for (const [id, text] of typed) {
      const input = this.root.querySelector(`#${id}`);
      if (input) input.value = text;
    }
  }

  guest() {
    const signIn = (event) => {
      event.preventDefault();
      const form = event.target;
      this.run(async () => setAccount(await api.signIn(value(form, "signin-name").trim(), value(form, "signin-password"))));
    };
    const signUp = (event) => {
      event.preventDefault();
      const form = event.target;
      this.run(async () => setAccount(await api.signUp(value(form, "signup-name").trim(), value(form, "signup-password"))));
    };
    return [
      el("p", { class: "lead" }, t("account.optional")),
      el(
        "form",
        { id: "sign-in", class: "account-form", onsubmit: signIn },
        el("h2", {}, t("account.sign_in")),
        field("signin-name", t("account.name"), { type: "text", maxlength: "40", autocomplete: "username", required: true }),
        field("signin-password", t("account.password"), { type: "password", autocomplete: "current-password", required: true }),
        el("button", { type: "submit", class: "primary" }, t("account.sign_in")),
      ),
      el(
        "form",
        { id: "sign-up", class: "account-form", onsubmit: signUp },
        el("h2", {}, t("account.sign_up")),
        field("signup-name", t("account.name"), { type: "text", maxlength: "40", autocomplete: "username", required: true }),
        field("signup-password", t("account.new_password_hint"), {
          type: "password",
          minlength: "8",
          maxlength: "256",
          autocomplete: "new-password",
          required: true,
        }),
        el("button", { type: "submit", class: "primary" }, t("account.sign_up")),
      ),
    ];
  }

  signedIn() {
    const account = currentAccount();
    const change = (event) => {
      event.preventDefault();
      const form = event.target;
      this.run(() => api.changePassword(value(form, "old-password"), value(form, "new-password")), t("account.password_changed"));
    };
    const remove = (event) => {
      event.preventDefault();
      if (!window.confirm(t("account.delete_confirm"))) return;
      const form = event.target;
      this.run(async () => {
        await api.deleteAccount(value(form, "delete-password"));
        setAccount(null);
      }, t("account.deleted"));
    };
    return [
      el(
        "p",
        {},
        el("a", { class: "button", href: "#/" }, t("account.my_games")),
        " ",
        el("a", { class: "button", id: "profile-link", href: `#/player/${encodeURIComponent(account.name)}` }, t("account.profile")),
      ),
      el(
        "p",
        {},
        el("button", { type: "button", id: "sign-out", onclick: () => this.run(async () => {
          await api.signOut();
          setAccount(null);
        }, t("account.signed_out")) }, t("account.sign_out")),
      ),
      el(
        "form",
        { id: "change-password", class: "account-form", onsubmit: change },
        el("h2", {}, t("account.change_password")),
        field("old-password", t("account.password"), { type: "password", autocomplete: "current-password", required: true }),
        field("new-password", t("account.new_password_hint"), {
          type: "password",
          minlength: "8",
          maxlength: "256",
          autocomplete: "new-password",
          required: true,
        }),
        el("button", { type: "submit" }, t("account.change_password")),
      ),
      el(
        "form",
        { id: "delete-account", class: "account-form", onsubmit: remove },
        el("h2", {}, t("account.delete")),
        el("p", { class: "muted" }, t("account.delete_explained")),
        field("delete-password", t("account.password"), { type: "password", autocomplete: "current-password", required: true }),
        el("button", { type: "submit", class: "danger" }, t("account.delete")),
      ),
    ];
  }
}
