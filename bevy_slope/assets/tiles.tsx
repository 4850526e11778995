<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="tiles" tilewidth="16" tileheight="16" tilecount="12" columns="4">
 <image source="tiles.png" width="64" height="48"/>
 <tile id="0"><properties><property name="name" value="soil"/></properties></tile>
 <tile id="1"><properties><property name="name" value="grass"/></properties></tile>
 <tile id="2"><properties><property name="name" value="slope45"/></properties></tile>
 <tile id="3"><properties><property name="name" value="slope26_1"/></properties></tile>
 <tile id="4"><properties><property name="name" value="slope26_2"/></properties></tile>
 <tile id="5"><properties><property name="name" value="slope14_1"/></properties></tile>
 <tile id="6"><properties><property name="name" value="slope14_2"/></properties></tile>
 <tile id="7"><properties><property name="name" value="slope14_3"/></properties></tile>
 <tile id="8"><properties><property name="name" value="slope14_4"/></properties></tile>
 <tile id="9"><properties><property name="name" value="ledge"/><property name="one_way" type="bool" value="true"/></properties></tile>
 <tile id="10"><properties><property name="name" value="stone"/></properties></tile>
</tileset>
