import { mount } from 'svelte';
import './styles/tokens.css';
import './styles/boards.css';
import './styles/forms.css';
import './styles/a11y.css';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('no #app element');
export default mount(App, { target });
