<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="art" tilewidth="16" tileheight="16" tilecount="6" columns="3">
 <image source="art.png" width="48" height="32"/>
 <tile id="0">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="8" width="16" height="8"/>
   <object id="2" x="2.5" y="3.5" width="4" height="2.25"/>
  </objectgroup>
 </tile>
 <tile id="1">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0"><polygon points="0,16 16,0 16,16"/></object>
  </objectgroup>
 </tile>
 <tile id="2">
  <objectgroup draworder="index" id="2">
   <object id="1" x="2" y="1"><polygon points="0,0 12,0 12,14 6,14 6,6.5 3.125,6.5 3.125,9 0,9"/></object>
  </objectgroup>
 </tile>
 <tile id="3">
  <objectgroup draworder="index" id="2">
   <object id="1" x="1" y="4" width="14" height="9"><ellipse/></object>
   <object id="2" x="5.5" y="0.5" width="5" height="5"><ellipse/></object>
  </objectgroup>
 </tile>
 <tile id="4">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0.5" y="10" width="15" height="5"><capsule/></object>
   <object id="2" x="6" y="0" width="4" height="9.5"><capsule/></object>
  </objectgroup>
 </tile>
</tileset>
