<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="tiles" tilewidth="16" tileheight="16" tilecount="16" columns="4">
 <image source="tiles.png" width="64" height="64"/>
  <tile id="0"><properties><property name="name" value="bump"/></properties></tile>
  <tile id="1"><properties><property name="name" value="full"/></properties></tile>
  <tile id="2"><properties><property name="name" value="slope11_1"/></properties></tile>
  <tile id="3"><properties><property name="name" value="slope11_2"/></properties></tile>
  <tile id="4"><properties><property name="name" value="slope11_3"/></properties></tile>
  <tile id="5"><properties><property name="name" value="slope11_4"/></properties></tile>
  <tile id="6"><properties><property name="name" value="slope15_1"/></properties></tile>
  <tile id="7"><properties><property name="name" value="slope15_2"/></properties></tile>
  <tile id="8"><properties><property name="name" value="slope15_3"/></properties></tile>
  <tile id="9"><properties><property name="name" value="slope22_1"/></properties></tile>
  <tile id="10"><properties><property name="name" value="slope22_2"/></properties></tile>
  <tile id="11"><properties><property name="name" value="slope45"/></properties></tile>
 <tile id="12"><properties><property name="one_way" type="bool" value="true"/></properties></tile>
 <tile id="13"><properties><property name="name" value="slope45_one_way"/><property name="one_way" type="bool" value="true"/></properties></tile>
</tileset>
