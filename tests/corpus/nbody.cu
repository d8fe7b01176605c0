// rapcc-corpus: shared-arrays=3
// All-pairs N-body force computation in the style of the CUDA samples'
// nbody: bodies are processed in tiles of blockDim.x, with positions staged
// in dynamically sized shared memory obtained through a typed helper, for
// float and double. A second kernel passes a statically sized shared tile
// by reference to array.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>
#include <helper_cuda.h>

template <typename T>
struct vec3 {
    typedef float Type;
};
template <>
struct vec3<double> {
    typedef double3 Type;
};
template <>
struct vec3<float> {
    typedef float3 Type;
};

template <typename T>
struct vec4 {
    typedef float Type;
};
template <>
struct vec4<double> {
    typedef double4 Type;
};
template <>
struct vec4<float> {
    typedef float4 Type;
};

// A single extern __shared__ buffer reinterpreted per element type.
template <typename T>
__device__ T *getSharedMemory()
{
    extern __shared__ unsigned char sharedMemoryRaw[];
    return reinterpret_cast<T *>(sharedMemoryRaw);
}

template <typename T>
__device__ typename vec3<T>::Type bodyBodyInteraction(typename vec3<T>::Type ai, typename vec4<T>::Type bi,
                                                      typename vec4<T>::Type bj, T softeningSquared)
{
    typename vec3<T>::Type r;
    r.x = bj.x - bi.x;
    r.y = bj.y - bi.y;
    r.z = bj.z - bi.z;
    T distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
    distSqr += softeningSquared;
    T invDist = rsqrt(distSqr);
    T invDistCube = invDist * invDist * invDist;
    T s = bj.w * invDistCube;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

template <typename T>
__device__ typename vec3<T>::Type computeBodyAccel(typename vec4<T>::Type bodyPos, typename vec4<T>::Type *positions,
                                                   int numTiles, T softeningSquared)
{
    typename vec4<T>::Type *sharedPos = getSharedMemory<typename vec4<T>::Type>();
    typename vec3<T>::Type acc = {0.0f, 0.0f, 0.0f};

    for (int tile = 0; tile < numTiles; tile++) {
        sharedPos[threadIdx.x] = positions[tile * blockDim.x + threadIdx.x];
        __syncthreads();
#pragma unroll 128
        for (unsigned int counter = 0; counter < blockDim.x; counter++)
            acc = bodyBodyInteraction<T>(acc, bodyPos, sharedPos[counter], softeningSquared);
        __syncthreads();
    }
    return acc;
}

template <typename T>
__global__ void integrateBodies(typename vec4<T>::Type *__restrict__ newPos, typename vec4<T>::Type *__restrict__ oldPos,
                                typename vec4<T>::Type *vel, unsigned int deviceOffset, unsigned int deviceNumBodies,
                                float deltaTime, float damping, int numTiles, T softeningSquared)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= deviceNumBodies) return;

    typename vec4<T>::Type position = oldPos[deviceOffset + index];
    typename vec3<T>::Type accel = computeBodyAccel<T>(position, oldPos, numTiles, softeningSquared);

    typename vec4<T>::Type velocity = vel[deviceOffset + index];
    velocity.x += accel.x * deltaTime;
    velocity.y += accel.y * deltaTime;
    velocity.z += accel.z * deltaTime;
    velocity.x *= damping;
    velocity.y *= damping;
    velocity.z *= damping;
    position.x += velocity.x * deltaTime;
    position.y += velocity.y * deltaTime;
    position.z += velocity.z * deltaTime;

    newPos[deviceOffset + index] = position;
    vel[deviceOffset + index] = velocity;
}

// Potential energy with a fixed tile passed by reference to a helper.
#define ETILE 128
__device__ float tileEnergy(const float4 (&tile)[ETILE], float4 me, float eps2)
{
    float e = 0.f;
    for (int j = 0; j < ETILE; j++) {
        float dx = tile[j].x - me.x, dy = tile[j].y - me.y, dz = tile[j].z - me.z;
        e -= me.w * tile[j].w * rsqrtf(dx * dx + dy * dy + dz * dz + eps2);
    }
    return e;
}

__global__ void potentialEnergy(const float4 *pos, float *energy, int n, float eps2)
{
    __shared__ float4 tile[ETILE];
    __shared__ float blockE[ETILE];
    int i = blockIdx.x * ETILE + threadIdx.x;
    float4 me = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float e = 0.f;
    for (int base = 0; base < n; base += ETILE) {
        tile[threadIdx.x] = pos[base + threadIdx.x];
        __syncthreads();
        e += tileEnergy(tile, me, eps2);
        __syncthreads();
    }
    blockE[threadIdx.x] = 0.5f * e;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.f;
        for (int k = 0; k < ETILE; k++) s += blockE[k];
        atomicAdd(energy, s);
    }
}

template <typename T>
void integrateNbodySystem(typename vec4<T>::Type *dPos[2], typename vec4<T>::Type *dVel, unsigned int currentRead,
                          float deltaTime, float damping, unsigned int numBodies, int blockSize)
{
    int numBlocks = (numBodies + blockSize - 1) / blockSize;
    int numTiles = (numBodies + blockSize - 1) / blockSize;
    int sharedMemSize = blockSize * 4 * sizeof(T);
    integrateBodies<T><<<numBlocks, blockSize, sharedMemSize>>>(dPos[1 - currentRead], dPos[currentRead], dVel, 0,
                                                                numBodies, deltaTime, damping, numTiles,
                                                                (T)0.00125f);
    getLastCudaError("Kernel execution failed");
}

int main(int argc, char **argv)
{
    const unsigned int numBodies = 16384;
    const int blockSize = 256;
    std::vector<float4> hPos(numBodies), hVel(numBodies);
    for (unsigned i = 0; i < numBodies; i++) {
        hPos[i] = make_float4(rand() / (float)RAND_MAX, rand() / (float)RAND_MAX, rand() / (float)RAND_MAX, 1.0f);
        hVel[i] = make_float4(0.f, 0.f, 0.f, 1.0f);
    }
    float4 *dPos[2], *dVel;
    float *dEnergy;
    checkCudaErrors(cudaMalloc(&dPos[0], numBodies * sizeof(float4)));
    checkCudaErrors(cudaMalloc(&dPos[1], numBodies * sizeof(float4)));
    checkCudaErrors(cudaMalloc(&dVel, numBodies * sizeof(float4)));
    checkCudaErrors(cudaMalloc(&dEnergy, sizeof(float)));
    checkCudaErrors(cudaMemcpy(dPos[0], hPos.data(), numBodies * sizeof(float4), cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemcpy(dVel, hVel.data(), numBodies * sizeof(float4), cudaMemcpyHostToDevice));

    unsigned int currentRead = 0;
    for (int step = 0; step < 10; step++) {
        integrateNbodySystem<float>(dPos, dVel, currentRead, 0.016f, 0.995f, numBodies, blockSize);
        currentRead = 1 - currentRead;
    }
    checkCudaErrors(cudaMemset(dEnergy, 0, sizeof(float)));
    potentialEnergy<<<numBodies / ETILE, ETILE>>>(dPos[currentRead], dEnergy, numBodies, 0.00125f);

    double4 *dPosD[2], *dVelD;
    checkCudaErrors(cudaMalloc(&dPosD[0], numBodies * sizeof(double4)));
    checkCudaErrors(cudaMalloc(&dPosD[1], numBodies * sizeof(double4)));
    checkCudaErrors(cudaMalloc(&dVelD, numBodies * sizeof(double4)));
    integrateNbodySystem<double>(dPosD, dVelD, 0, 0.016f, 0.995f, numBodies, blockSize);

    float energy = 0.f;
    checkCudaErrors(cudaMemcpy(&energy, dEnergy, sizeof(float), cudaMemcpyDeviceToHost));
    std::printf("potential energy: %f\n", energy);
    checkCudaErrors(cudaFree(dPos[0]));
    checkCudaErrors(cudaFree(dPos[1]));
    checkCudaErrors(cudaFree(dVel));
    checkCudaErrors(cudaFree(dPosD[0]));
    checkCudaErrors(cudaFree(dPosD[1]));
    checkCudaErrors(cudaFree(dVelD));
    checkCudaErrors(cudaFree(dEnergy));
    return 0;
}
