// The smallest React 19 app: the floor that the landing page's JavaScript is compared against.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('h1', null, 'hello'));
