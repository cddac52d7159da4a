// The sample blog post's resize listener (blog-sample.html): what a post
// pastes once so that each Loomlab embed takes the height it reports.
addEventListener("message", function (e) {
  var d = e.data;
  if (!d || d.type !== "loomlab:resize" || typeof d.height !== "number") return;
  document.querySelectorAll("iframe").forEach(function (f) {
    if (f.contentWindow === e.source) f.style.height = d.height + "px";
  });
});
