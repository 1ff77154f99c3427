// cardgm's pages work without this file; with it, a message is sent without a page load, the
// reply is appended to the conversation (a live region, so a screen reader reads it), Enter
// sends, and the board is one tab stop moved across by the arrow keys.
(function () {
  "use strict";
  var FETCH = "x-cardgm-fetch";
  var busy = false;

  function $(id) { return document.getElementById(id); }

  function showError(text) {
    var box = $("error");
    if (box) box.textContent = text || "";
  }

  function send(form, message, fromBoard) {
    if (busy) return;
    busy = true;
    var body = new URLSearchParams();
    body.set("message", message);
    // The last reply this page shows: the server plays nothing on a moment that has passed.
    var after = document.querySelector('input[name="after"]');
    if (after) body.set("after", after.value);
    var headers = {"Content-Type": "application/x-www-form-urlencoded"};
    headers[FETCH] = "1";
    fetch(form.getAttribute("action") || location.pathname, {method: "POST", headers: headers, body: body.toString(), credentials: "same-origin"})
      .then(function (r) { return r.json().then(function (data) { return {ok: r.ok, data: data}; }); })
      .then(function (res) {
        busy = false;
        // A refusal says why; a run that moved on elsewhere (409) also sends what this page missed.
        if (!res.ok && res.data.entries === undefined) { showError(res.data.detail || "That did not go through."); return; }
        showError(res.ok ? "" : res.data.detail);
        document.querySelectorAll('input[name="after"]').forEach(function (el) { el.value = res.data.after; });
        var log = $("log");
        log.insertAdjacentHTML("beforeend", res.data.entries);
        $("ledger").textContent = res.data.ledger;
        var board = $("board");
        if (board) { board.innerHTML = res.data.board; wireBoard(); }
        var panel = $("panel");
        if (panel && res.data.panel) panel.innerHTML = res.data.panel;
        var box = $("msg");
        if (box && fromBoard === null && res.ok) box.value = "";
        if (res.data.ended) {
          $("tail").innerHTML = res.data.tail;
          var h = $("ended-h");
          if (h) { h.setAttribute("tabindex", "-1"); h.focus(); }
        } else if (fromBoard !== null) {
          focusCell(fromBoard);
        } else if (box) {
          box.focus();
        }
        var last = log.lastElementChild;
        if (last) last.scrollIntoView({block: "nearest"});
        window.scrollTo(0, document.body.scrollHeight);
      })
      .catch(function () { busy = false; showError("The server did not answer. Send it again: if it was played, it is not played twice."); });
  }

  function wireSend() {
    var form = $("send");
    if (!form) return;
    var box = $("msg");
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (box.value.trim()) send(form, box.value, null);
    });
    box.addEventListener("keydown", function (e) {
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        if (box.value.trim()) send(form, box.value, null);
      }
    });
  }

  // The board: one tab stop (roving tabindex); arrows move, Enter/Space sends the cell's words.
  var lastCell = 0;
  function cells() { return Array.prototype.slice.call(document.querySelectorAll("#board .cell")); }
  function focusCell(i) {
    var all = cells();
    if (!all.length) return;
    i = Math.max(0, Math.min(all.length - 1, i));
    all.forEach(function (c, k) { c.tabIndex = k === i ? 0 : -1; });
    all[i].focus();
    lastCell = i;
  }
  function wireBoard() {
    var all = cells();
    if (!all.length) return;
    var width = document.querySelectorAll("#board thead th").length || 8;
    all.forEach(function (c, k) { c.tabIndex = k === lastCell ? 0 : -1; });
    var form = document.querySelector("#board form");
    all.forEach(function (cell, k) {
      cell.addEventListener("keydown", function (e) {
        var to = null;
        if (e.key === "ArrowRight") to = k + 1;
        else if (e.key === "ArrowLeft") to = k - 1;
        else if (e.key === "ArrowDown") to = k + width;
        else if (e.key === "ArrowUp") to = k - width;
        else if (e.key === "Home") to = k - (k % width);
        else if (e.key === "End") to = k - (k % width) + width - 1;
        if (to !== null) { e.preventDefault(); if (to >= 0 && to < all.length) focusCell(to); }
      });
      cell.addEventListener("click", function (e) {
        e.preventDefault();
        lastCell = k;
        if (cell.getAttribute("aria-disabled") === "true") return;
        var sendForm = $("send") || form;
        send(sendForm, cell.value, k);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    wireSend();
    wireBoard();
    var box = $("msg");
    if (box && location.hash === "") box.focus();
  });
})();
