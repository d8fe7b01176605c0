// A shared struct of a tile and a flag; the flag is read back by its raw
// offset from the struct's start, ((const int *)&s)[32 * 32].
// launch: rt2_121_struct_raw_offset 2 32x8
struct Stage { int tile[32][32]; int flag[32]; };
__global__ void rt2_121_struct_raw_offset(const int *in, int *out, int p) {
    __shared__ Stage s;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        s.tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    if (ty == 0) s.flag[tx] = -tx;
    __syncthreads();
    const int *raw = reinterpret_cast<const int *>(&s);
    out[blockIdx.x * 256 + tid] = s.tile[tx][ty] + raw[32 * 32 + tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_121_struct_raw_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
