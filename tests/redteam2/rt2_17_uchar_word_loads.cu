// Four bytes at once: an unsigned int load at a multiple of 4 inside a row
// of an unsigned char tile. A padding that is not a multiple of 4 bytes
// misaligns the word on odd rows (a fault on the GPU).
// launch: rt2_17_uchar_word_loads 2 32x8
__global__ void rt2_17_uchar_word_loads(const int *in, int *out, int p) {
    __shared__ unsigned char tile[32][64];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        tile[j][tx] = (unsigned char)in[blockIdx.x * 2048 + j * 64 + tx];
        tile[j][tx + 32] = (unsigned char)(in[blockIdx.x * 2048 + j * 64 + tx + 32] >> 8);
    }
    __syncthreads();
    const unsigned word = *reinterpret_cast<const unsigned *>(&tile[tx][4 * (ty + (tx & 7))]);
    out[blockIdx.x * 256 + tid] = (int)(word ^ tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_17_uchar_word_loads<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
