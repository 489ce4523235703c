// ---- The files a page reads beside it: its search data, search shards, filter and order
// files. file:// lets a page load scripts but not fetch files, so each is a script, which hands
// its value over in an event on the document (BrowserContract.DataChannel): the values stay
// in here, not in globals any other script on the page could read or replace.
// `loadScript(source, onLoad, onError)` runs a file; `handed(channel, key)` is the value it
// handed (undefined before), `letGo(channel, key)` forgets one no longer needed. ----
const dataFiles = (() => {
  const values = new Map();
  const id = (channel, key) => contract.dataChannels[channel] + '\n' + key;
  document.addEventListener(contract.dataEvent, (event) => {
    const [channel, key, value] = event.detail;
    values.set(channel + '\n' + key, value);
  });
  return {
    handed: (channel, key) => values.get(id(channel, key)),
    letGo: (channel, key) => { values.delete(id(channel, key)); },
  };
})();
const loadScript = (source, onLoad, onError) => {
  const script = document.createElement('script');
  script.src = source;
  script.addEventListener('load', onLoad);
  script.addEventListener('error', onError);
  document.head.appendChild(script);
};
